import {
  closeDatabase,
  createBlobStore,
  createBus,
  createDatabase,
  createHttpApp,
  createLogger,
  databaseIsReady,
  handleShutdown,
  listen,
  loadConfig,
  runMain,
} from '@palm/platform';
import { createAiWorkerService } from './ai-worker.service';
import { aiWorkerConfigSchema } from './config';
import { createReadingEngine } from './engine/create-engine';

const logger = createLogger('ai-worker');

/** Distributed mode: the worker alone, with health, readiness and metrics on PORT. */
runMain(logger, async () => {
  const config = loadConfig(aiWorkerConfigSchema);
  logger.level = config.LOG_LEVEL;
  const db = await createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  const bus = await createBus(config, logger);
  const blobs = await createBlobStore(config);
  const worker = createAiWorkerService({
    db,
    bus,
    blobs,
    logger,
    engine: createReadingEngine(config, logger),
  });
  await worker.start();

  const app = createHttpApp({
    logger,
    routers: [],
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
