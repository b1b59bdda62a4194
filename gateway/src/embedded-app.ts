import path from 'node:path';
import {
  clientLimitsFrom,
  closeDatabase,
  createBlobStore,
  createBus,
  createDatabase,
  createOperationsApp,
  databaseIsReady,
  infrastructureConfigSchema,
  listen,
  loadConfig,
  localPeers,
  startServices,
  type BlobStore,
  type Database,
  type Logger,
  type MessageBus,
  type RunnableService,
  type ServiceConfig,
  type ServiceModule,
  type ServicePeers,
} from '@palm/platform';
import { gatewayConfigSchema } from './config';
import { createGatewayApp, securityHeaders } from './gateway.app';
import { SERVICE_MODULES } from './service-modules';

export interface EmbeddedProduct {
  url: string;
  port: number;
  /** Where /healthz, /readyz and /metrics are served (OPS_PORT), apart from the public port. */
  opsUrl: string;
  stop(): Promise<void>;
}

/**
 * The composition root of `npm start`: one database (PGlite unless DATABASE_URL is set), one bus
 * (in-process unless AMQP_URL is set), one blob store (disk unless S3_ENDPOINT is set), and every
 * service module in this process behind the gateway, each reaching the others by local calls.
 * Services never learn which mode they run in: only the adapters and peers chosen here differ.
 */
export async function startEmbedded(options: {
  logger: Logger;
  env?: NodeJS.ProcessEnv;
  port?: number;
  /** The operations port; OPS_PORT unless given (0 picks a free one). */
  opsPort?: number;
  host?: string;
}): Promise<EmbeddedProduct> {
  const { logger } = options;
  const env = options.env ?? process.env;
  const infrastructure = loadConfig(infrastructureConfigSchema, env);
  const gateway = loadConfig(gatewayConfigSchema, env);
  // Every module's settings are read before anything opens: a wrong value stops start-up cleanly.
  const clientLimits = clientLimitsFrom(gateway);
  const modules = SERVICE_MODULES.map((module) => ({ module, config: loadConfig(module.configSchema, env) }));

  const db = await createDatabase({
    url: infrastructure.DATABASE_URL,
    dataDir: infrastructure.DATA_DIR,
    logger,
  });
  const bus = await createBus(infrastructure, logger);
  const blobs = await createBlobStore(infrastructure);
  const { services, peers } = await createLocalServices(modules, { logger, db, bus, blobs });
  await startServices(services, () => Promise.resolve(bus));

  const app = createGatewayApp({
    logger,
    api: services.flatMap((service) => service.routers),
    webDist: path.resolve(gateway.WEB_DIST),
    readingRateLimitPerMinute: gateway.READING_RATE_LIMIT_PER_MINUTE,
    sharePreview: peers.sharePreview,
    publicUrl: gateway.PUBLIC_URL,
    trustProxy: gateway.TRUST_PROXY,
    clientLimits,
  });
  const operations = createOperationsApp({
    logger,
    securityHeaders: securityHeaders(false),
    readiness: {
      database: () => databaseIsReady(db),
      bus: () => bus.isReady(),
      blobs: () => blobs.isReady(),
    },
  });
  const host = options.host ?? gateway.LISTEN_HOST;
  const server = await listen(app, options.port ?? gateway.PORT, host, clientLimits);
  const operationsServer = await listen(
    operations,
    options.opsPort ?? gateway.OPS_PORT,
    options.host ?? gateway.OPS_LISTEN_HOST ?? host,
  );
  for (const service of services) await service.listening?.(`http://localhost:${server.port}`);

  return {
    url: server.url,
    port: server.port,
    opsUrl: operationsServer.url,
    async stop() {
      await server.close();
      await operationsServer.close();
      for (const service of [...services].reverse()) await service.stop();
      await bus.close();
      await closeDatabase(db);
    },
  };
}

/**
 * Builds modules in one process over one database, bus and blob store, in order: each reaches the
 * others through `localPeers`, answered by whichever module `provides` the peer.
 */
export async function createLocalServices(
  modules: readonly { module: ServiceModule; config: ServiceConfig }[],
  shared: { logger: Logger; db: Database; bus: MessageBus; blobs: BlobStore },
): Promise<{ services: RunnableService[]; peers: ServicePeers }> {
  const local = localPeers();
  const services: RunnableService[] = [];
  for (const { module, config } of modules) {
    const service = await module.create({
      config,
      logger: shared.logger,
      db: shared.db,
      bus: () => Promise.resolve(shared.bus),
      blobs: () => Promise.resolve(shared.blobs),
      peers: local.peers,
    });
    if (service.provides) local.provide(service.provides);
    services.push(service);
  }
  return { services, peers: local.peers };
}
