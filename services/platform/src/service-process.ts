import type { Router } from 'express';
import type { BlobStore } from './blobs/blob-store';
import { createBlobStore } from './blobs/create-blob-store';
import { createBus } from './bus/create-bus';
import type { MessageBus } from './bus/message-bus';
import type { InfrastructureConfig } from './config/config';
import { closeDatabase, createDatabase, databaseIsReady } from './db/create-database';
import type { Database } from './db/database';
import { createHttpApp, listen, type ReadinessCheck } from './http/http-app';
import { handleShutdown, runMain } from './lifecycle';
import { createLogger, type Logger } from './logging/logger';

export interface ServiceProcessContext<C> {
  config: C;
  logger: Logger;
  db: Database;
  /** Connects the bus the first time it is asked for; /readyz then checks it too. */
  bus: () => Promise<MessageBus>;
  /** Opens the blob store the first time it is asked for; /readyz then checks it too. */
  blobs: () => Promise<BlobStore>;
}

export interface RunnableService {
  routers: Router[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The `main.ts` of every service in distributed mode: reads its configuration (a wrong value stops
 * start-up naming the variable), opens the infrastructure it asks for, starts the service, serves
 * its routes with /healthz, /readyz and /metrics on PORT, and shuts down in order on SIGTERM.
 */
export function runServiceProcess<C extends InfrastructureConfig & { PORT: number }>(options: {
  name: string;
  loadConfig: () => C;
  create: (context: ServiceProcessContext<C>) => RunnableService | Promise<RunnableService>;
}): void {
  const logger = createLogger(options.name);
  runMain(logger, async () => {
    const config = options.loadConfig();
    logger.level = config.LOG_LEVEL;
    const db = await createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
    const readiness: Record<string, ReadinessCheck> = { database: () => databaseIsReady(db) };
    let bus: Promise<MessageBus> | undefined;
    let blobs: Promise<BlobStore> | undefined;
    const service = await options.create({
      config,
      logger,
      db,
      bus: () => {
        bus ??= createBus(config, logger).then((connected) => {
          readiness.bus = () => connected.isReady();
          return connected;
        });
        return bus;
      },
      blobs: () => {
        blobs ??= createBlobStore(config).then((store) => {
          readiness.blobs = () => store.isReady();
          return store;
        });
        return blobs;
      },
    });
    await service.start();
    const server = await listen(
      createHttpApp({ logger, routers: service.routers, readiness, trustProxy: config.TRUST_PROXY }),
      config.PORT,
    );
    logger.info({ port: server.port }, `${options.name} listening`);
    handleShutdown(logger, async () => {
      await server.close();
      await service.stop();
      await (await bus)?.close();
      await closeDatabase(db);
    });
  });
}
