import {
  closeDatabase,
  createDatabase,
  createHttpApp,
  createLogger,
  databaseIsReady,
  handleShutdown,
  listen,
  loadConfig,
  runMain,
} from '@palm/platform';
import { createAdminAuthService } from './admin-auth.service';
import { adminAuthConfigSchema } from './config';

const logger = createLogger('admin-auth');

runMain(logger, async () => {
  const config = loadConfig(adminAuthConfigSchema);
  const db = await createDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, logger });
  const service = createAdminAuthService({ db, logger, config });
  await service.start();
  const app = createHttpApp({
    logger,
    routers: [service.router],
    readiness: { database: () => databaseIsReady(db) },
  });
  const server = await listen(app, config.PORT);
  logger.info({ url: server.url }, 'admin-auth service listening');
  handleShutdown(logger, async () => {
    await server.close();
    await service.stop();
    await closeDatabase(db);
  });
});
