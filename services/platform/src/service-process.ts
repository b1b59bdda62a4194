import type { BlobStore } from './blobs/blob-store';
import { createBlobStore } from './blobs/create-blob-store';
import { createBus } from './bus/create-bus';
import type { MessageBus } from './bus/message-bus';
import { checkForwardedTrust, loadConfig } from './config/config';
import { closeDatabase, createDatabase, databaseIsReady } from './db/create-database';
import { clientLimitsFrom } from './http/client-limits';
import { createHttpApp, listen, type ReadinessCheck } from './http/http-app';
import { handleShutdown, runMain } from './lifecycle';
import { createLogger } from './logging/logger';
import { startServices, type ServiceConfig, type ServiceModule } from './service-module';
import { remotePeers } from './service-peers';

/**
 * The `main.ts` of every service in distributed mode: reads its configuration (a wrong value stops
 * start-up naming the variable), opens the infrastructure it asks for, reaches its peers over HTTP,
 * starts the service, serves its routes with /healthz, /readyz and /metrics on PORT, and shuts
 * down in order on SIGTERM.
 */
export function runServiceProcess<C extends ServiceConfig>(module: ServiceModule<C>): void {
  const logger = createLogger(module.name);
  runMain(logger, async () => {
    const config = loadConfig(module.configSchema);
    module.checkStandalone?.(config);
    checkForwardedTrust(config);
    logger.level = config.LOG_LEVEL;
    const db = await createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
    const readiness: Record<string, ReadinessCheck> = { database: () => databaseIsReady(db) };
    let bus: Promise<MessageBus> | undefined;
    let blobs: Promise<BlobStore> | undefined;
    const openBus = () => {
      bus ??= createBus(config, logger).then((connected) => {
        readiness.bus = () => connected.isReady();
        return connected;
      });
      return bus;
    };
    const service = await module.create({
      config,
      logger,
      db,
      bus: openBus,
      blobs: () => {
        blobs ??= createBlobStore(config).then((store) => {
          readiness.blobs = () => store.isReady();
          return store;
        });
        return blobs;
      },
      peers: remotePeers(config),
    });
    await startServices([service], openBus);
    const clientLimits = clientLimitsFrom(config);
    const server = await listen(
      createHttpApp({
        logger,
        routers: service.routers,
        readiness,
        trustProxy: config.TRUST_PROXY,
        forwardedProofKey: config.INTERNAL_TOKEN,
        clientLimits,
      }),
      config.PORT,
      config.LISTEN_HOST,
      clientLimits,
    );
    logger.info({ port: server.port }, `${module.name} listening`);
    await service.listening?.(`http://localhost:${server.port}`);
    handleShutdown(logger, async () => {
      await server.close();
      await service.stop();
      await (await bus)?.close();
      await closeDatabase(db);
    });
  });
}
