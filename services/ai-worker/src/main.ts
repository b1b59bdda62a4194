import {
  closeDatabase,
  createBlobStore,
  createBus,
  createDatabase,
  createHttpApp,
  createLogger,
  createRemoteSessionVerifier,
  databaseIsReady,
  handleShutdown,
  listen,
  loadConfig,
  runMain,
} from '@palm/platform';
import { createAiWorkerService } from './ai-worker.service';
import { aiWorkerConfigSchema } from './config';
import { createReadingEngines } from './engine/create-engine';
import { createRemotePromptSource } from './engine/prompt-source';
import { createPromptTestRunRouter } from './prompt-test-run.routes';

const logger = createLogger('ai-worker');

/** Distributed mode: the worker alone, with health, readiness and metrics on PORT. */
runMain(logger, async () => {
  const config = loadConfig(aiWorkerConfigSchema);
  logger.level = config.LOG_LEVEL;
  const db = await createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  const bus = await createBus(config, logger);
  const blobs = await createBlobStore(config);
  const engines = await createReadingEngines(
    config,
    logger,
    createRemotePromptSource({ promptUrl: config.PROMPT_URL, internalToken: config.INTERNAL_TOKEN }),
  );
  const worker = createAiWorkerService({ db, bus, blobs, logger, engine: engines.engine });
  await worker.start();

  const app = createHttpApp({
    logger,
    routers: [
      createPromptTestRunRouter({
        ...engines,
        logger,
        sessions: createRemoteSessionVerifier({ adminAuthUrl: config.ADMIN_AUTH_URL }),
      }),
    ],
    readiness: {
      database: () => databaseIsReady(db),
      bus: () => bus.isReady(),
      blobs: () => blobs.isReady(),
    },
  });
  const server = await listen(app, config.PORT);
  logger.info({ port: server.port }, 'AI worker ready');

  handleShutdown(logger, async () => {
    await server.close();
    await worker.stop();
    await bus.close();
    await closeDatabase(db);
  });
});
