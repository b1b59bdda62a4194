import type { Express, Router } from 'express';
import { z } from 'zod';
import type { BlobStore } from './blobs/blob-store';
import { createBlobStore } from './blobs/create-blob-store';
import { createBus } from './bus/create-bus';
import type { MessageBus } from './bus/message-bus';
import { checkForwardedTrust, infrastructureConfigSchema, loadConfig, portSetting } from './config/config';
import { closeDatabase, createDatabase, databaseIsReady } from './db/create-database';
import type { Database } from './db/database';
import { migrate } from './db/migrate';
import { clientLimitsFrom, type ClientLimits } from './http/client-limits';
import { createHttpApp, listen, type ReadinessCheck } from './http/http-app';
import { handleShutdown, runMain } from './lifecycle';
import { createLogger, type Logger } from './logging/logger';
import {
  startServices,
  type RunnableService,
  type ServiceConfig,
  type ServiceModule,
} from './service-module';
import { localPeers, remotePeers, type ServicePeers } from './service-peers';

/** What the caller of `startService` may decide instead of the environment. */
export interface StartServiceOptions<D extends object = object> {
  /** Where the settings are read from; process.env unless given. */
  env?: NodeJS.ProcessEnv;
  logger?: Logger;
  /** Shared infrastructure (a restart on the same database, a bus a test watches); the caller closes it. */
  db?: Database;
  bus?: MessageBus;
  blobs?: BlobStore;
  /** Peers answered by the caller (a stand-in session check) instead of by a service. */
  peers?: Partial<ServicePeers>;
  /** Parts of a single module a test replaces (see ServiceContext.deps). */
  deps?: Partial<D>;
  /** The port to listen on (0: a free one); PORT unless given. */
  port?: number;
  /** Where to listen; LISTEN_HOST unless given. */
  host?: string;
  /** Its own process: checks the settings only a process of its own needs (module.checkStandalone). */
  standalone?: boolean;
  /** Serves the routers some other way (the embedded gateway); the service's own app unless given. */
  app?: (parts: { routers: Router[]; peers: ServicePeers }) => Express;
  clientLimits?: ClientLimits;
}

export interface StartedService {
  url: string;
  port: number;
  /** What the services' own /readyz checks: the database, and the bus and blob store once opened. */
  readiness: Record<string, ReadinessCheck>;
  peers: ServicePeers;
  db: Database;
  stop(): Promise<void>;
}

/** A service's port: given by whoever starts it (the catalogue's port, or 0 in a test). */
const portSchema = z.object({ PORT: portSetting() });

/**
 * The one way a service starts, alone (its `main.ts`, a test) or several in one process (the
 * embedded product, whose services reach each other through `localPeers`; alone, a service reaches
 * its peers over HTTP): reads every module's settings (a wrong value stops start-up naming the
 * variable) before anything opens, opens the database and, on first use, the bus and the blob
 * store, builds each module, applies its migrations, starts it and its queue consumers, serves
 * their routes and tells each the address it is reached at. `stop` undoes it in reverse.
 */
export async function startService<C extends ServiceConfig, D extends object>(
  modules: ServiceModule<C, D> | readonly ServiceModule[],
  options: StartServiceOptions<D> = {},
): Promise<StartedService> {
  const list = (Array.isArray(modules) ? modules : [modules]) as readonly ServiceModule<ServiceConfig, D>[];
  const env = options.env ?? process.env;
  const logger = options.logger ?? createLogger(list.length === 1 ? list[0]!.name : 'palm');
  const infrastructure = loadConfig(infrastructureConfigSchema, env);
  const configs = list.map((module) => loadConfig(module.configSchema, env));
  const port = options.port ?? loadConfig(portSchema, env).PORT;
  if (options.standalone) {
    list.forEach((module, index) => module.checkStandalone?.(configs[index]!));
    checkForwardedTrust(infrastructure);
  }
  if (options.standalone || !options.logger) logger.level = infrastructure.LOG_LEVEL;

  const db =
    options.db ??
    (await createDatabase({ url: infrastructure.DATABASE_URL, dataDir: infrastructure.DATA_DIR, logger }));
  const readiness: Record<string, ReadinessCheck> = { database: () => databaseIsReady(db) };
  let bus: Promise<MessageBus> | undefined;
  let blobs: Promise<BlobStore> | undefined;
  const openBus = () => {
    bus ??= (options.bus ? Promise.resolve(options.bus) : createBus(infrastructure, logger)).then(
      (connected) => {
        readiness.bus = () => connected.isReady();
        return connected;
      },
    );
    return bus;
  };
  const openBlobs = () => {
    blobs ??= (options.blobs ? Promise.resolve(options.blobs) : createBlobStore(infrastructure)).then(
      (store) => {
        readiness.blobs = () => store.isReady();
        return store;
      },
    );
    return blobs;
  };

  const local = localPeers();
  const provided = new Set<string | symbol>();
  const remote = list.length > 1 ? undefined : remotePeers(configs[0]!);
  const given = options.peers ?? {};
  // A peer the caller answers wins, then one a service of this process provides; alone, a service
  // asks any other over HTTP (looked up when asked for: an unset address fails then, naming it).
  const peers = new Proxy(local.peers, {
    get: (target, key: keyof ServicePeers) =>
      given[key] ?? (remote && !provided.has(key) ? remote[key] : target[key]),
  });

  const services: RunnableService[] = [];
  const stopServices = async () => {
    for (const service of [...services].reverse()) await service.stop();
  };
  const close = async () => {
    if (!options.bus) await (await bus)?.close();
    if (!options.db) await closeDatabase(db);
  };
  try {
    for (const [index, module] of list.entries()) {
      const service = await module.create({
        config: configs[index]!,
        deps: options.deps ?? {},
        logger,
        db,
        bus: openBus,
        blobs: openBlobs,
        peers,
      });
      if (service.provides) {
        local.provide(service.provides);
        for (const key of Object.keys(service.provides)) provided.add(key);
      }
      services.push({
        ...service,
        start: async () => {
          await migrate(db, { ...module.migrations, logger: logger.child({ component: module.name }) });
          await service.start();
        },
      });
    }
    await startServices(services, openBus);
  } catch (error) {
    await stopServices();
    await close();
    throw error;
  }

  const routers = services.flatMap((service) => service.routers);
  const clientLimits = options.clientLimits ?? clientLimitsFrom(infrastructure);
  const app =
    options.app?.({ routers, peers }) ??
    createHttpApp({
      logger,
      routers,
      readiness,
      trustProxy: infrastructure.TRUST_PROXY,
      forwardedProofKey: infrastructure.INTERNAL_TOKEN,
      clientLimits,
    });
  const server = await listen(app, port, options.host ?? infrastructure.LISTEN_HOST, clientLimits).catch(
    async (error: unknown) => {
      await stopServices();
      await close();
      throw error;
    },
  );
  for (const service of services) await service.listening?.(`http://localhost:${server.port}`);

  return {
    url: server.url,
    port: server.port,
    readiness,
    peers,
    db,
    async stop() {
      await server.close();
      await stopServices();
      await close();
    },
  };
}

/** A service's `main.ts` in distributed mode: starts it on its own and shuts down in order on SIGTERM. */
export function runServiceProcess<C extends ServiceConfig>(module: ServiceModule<C>): void {
  const logger = createLogger(module.name);
  runMain(logger, async () => {
    const service = await startService(module, { logger, standalone: true });
    logger.info({ port: service.port }, `${module.name} listening`);
    handleShutdown(logger, () => service.stop());
  });
}
