import {
  createBus,
  createDatabase,
  createHttpApp,
  createLogger,
  createRemoteSessionVerifier,
  closeDatabase,
  databaseIsReady,
  handleShutdown,
  listen,
  loadConfig,
  runMain,
} from '@palm/platform';
import { promptConfigSchema } from './config';
import { createPromptService } from './prompt.service';

const logger = createLogger('prompt');

runMain(logger, async () => {
  const config = loadConfig(promptConfigSchema);
  const db = await createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  const bus = await createBus(config, logger);
  const sessions = createRemoteSessionVerifier({ adminAuthUrl: config.ADMIN_AUTH_URL });
  const service = createPromptService({ db, bus, logger, sessions, internalToken: config.INTERNAL_TOKEN });
  await service.start();
  const app = createHttpApp({
    logger,
    routers: [service.router],
    readiness: { database: () => databaseIsReady(db), bus: () => bus.isReady() },
  });
  const server = await listen(app, config.PORT);
  logger.info({ port: server.port }, 'prompt.service listening');
  handleShutdown(logger, async () => {
    await server.close();
    await service.stop();
    await bus.close();
    await closeDatabase(db);
  });
});
