import path from 'node:path';
import { adminAuthConfigSchema, createAdminAuthService } from '@palm/admin-auth';
import {
  aiWorkerConfigSchema,
  createAiWorkerService,
  createPromptTestRunRouter,
  workerEngineHost,
} from '@palm/ai-worker';
import { createFlowService } from '@palm/flow';
import { createReadingEngines } from '@palm/palm-engine';
import {
  closeDatabase,
  createBlobStore,
  createBus,
  createDatabase,
  createOperationsApp,
  databaseIsReady,
  infrastructureConfigSchema,
  listen,
  loadConfig,
  type Logger,
} from '@palm/platform';
import { createPromptService } from '@palm/prompt';
import { createReadingService, readingConfigSchema, readingServiceOptions } from '@palm/reading';
import { gatewayConfigSchema } from './config';
import { createGatewayApp } from './gateway.app';

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
 * service plus the AI worker in this process behind the gateway. Services never learn which mode
 * they run in: only the adapters chosen here differ.
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
  const adminAuthConfig = loadConfig(adminAuthConfigSchema, env);
  const workerConfig = loadConfig(aiWorkerConfigSchema, env);
  const readingConfig = loadConfig(readingConfigSchema, env);

  const db = await createDatabase({
    url: infrastructure.DATABASE_URL,
    dataDir: infrastructure.DATA_DIR,
    logger,
  });
  const bus = await createBus(infrastructure, logger);
  const blobs = await createBlobStore(infrastructure);

  const adminAuth = createAdminAuthService({
    db,
    logger,
    config: adminAuthConfig,
    announceSetupLater: true,
  });
  const sessions = adminAuth.sessions;
  const flow = createFlowService({ db, bus, logger, sessions });
  const prompt = createPromptService({ db, bus, logger, sessions });
  const reading = createReadingService({
    db,
    bus,
    blobs,
    logger,
    ...readingServiceOptions(readingConfig),
  });
  // One process: the worker reads the operators' prompts straight from the prompt service.
  const engines = await createReadingEngines(workerConfig, workerEngineHost(logger), {
    current: () => prompt.runtimePrompts(),
  });
  const worker = createAiWorkerService({ db, bus, blobs, logger, engine: engines.engine });
  const promptTestRun = createPromptTestRunRouter({ ...engines, logger, sessions });

  const services = [adminAuth, flow, prompt, reading, worker];
  for (const service of services) await service.start();

  const app = createGatewayApp({
    logger,
    api: [adminAuth.router, flow.router, promptTestRun, prompt.router, reading.router],
    webDist: path.resolve(gateway.WEB_DIST),
    readingRateLimitPerMinute: gateway.READING_RATE_LIMIT_PER_MINUTE,
    sharePreview: reading.sharePreview,
    publicUrl: gateway.PUBLIC_URL,
    trustProxy: gateway.TRUST_PROXY,
  });
  const operations = createOperationsApp({
    logger,
    readiness: {
      database: () => databaseIsReady(db),
      bus: () => bus.isReady(),
      blobs: () => blobs.isReady(),
    },
  });
  const server = await listen(app, options.port ?? gateway.PORT, options.host);
  const operationsServer = await listen(operations, options.opsPort ?? gateway.OPS_PORT, options.host);
  await adminAuth.announceSetup(`http://localhost:${server.port}`);

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
