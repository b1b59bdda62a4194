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
import { flowConfigSchema } from './config';
import { createFlowService } from './flow.service';

const logger = createLogger('flow');

runMain(logger, async () => {
  const config = loadConfig(flowConfigSchema);
  const db = await createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  const bus = await createBus(config, logger);
  const sessions = createRemoteSessionVerifier({ adminAuthUrl: config.ADMIN_AUTH_URL });
  const service = createFlowService({ db, bus, logger, sessions });
  await service.start();
  const app = createHttpApp({
    logger,
    routers: [service.router],
    readiness: { database: () => databaseIsReady(db), bus: () => bus.isReady() },
  });
  const server = await listen(app, config.PORT);
  logger.info({ port: server.port }, 'flow service listening');
  handleShutdown(logger, async () => {
    await server.close();
    await service.stop();
    await bus.close();
    await closeDatabase(db);
  });
});
