import {
  createBlobStore,
  createBus,
  createDatabase,
  createHttpApp,
  createLogger,
  closeDatabase,
  databaseIsReady,
  handleShutdown,
  listen,
  loadConfig,
  runMain,
} from '@palm/platform';
import { readingConfigSchema } from './config';
import { createReadingService } from './reading.service';

const logger = createLogger('reading');

runMain(logger, async () => {
  const config = loadConfig(readingConfigSchema);
  const db = await createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  const bus = await createBus(config, logger);
  const blobs = await createBlobStore(config);
  const service = createReadingService({
    db,
    bus,
    blobs,
    logger,
    waitMs: config.READING_WAIT_MS,
    imageRetentionDays: config.READING_IMAGE_RETENTION_DAYS,
  });
  await service.start();
  const app = createHttpApp({
    logger,
    routers: [service.router],
    readiness: {
      database: () => databaseIsReady(db),
      bus: () => bus.isReady(),
      blobs: () => blobs.isReady(),
    },
  });
  const server = await listen(app, config.PORT);
  logger.info({ port: server.port }, 'reading service listening');
  handleShutdown(logger, async () => {
    await server.close();
    await service.stop();
    await bus.close();
    await closeDatabase(db);
  });
});
