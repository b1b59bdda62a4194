import {
  closeDatabase,
  createDatabase,
  createLogger,
  infrastructureConfigSchema,
  loadConfig,
  runMain,
} from '@palm/platform';
import { migrateAllServices } from './ops/service-migrations';

const logger = createLogger('migrate');

/** The image's `migrate` role: applies every service's migrations to DATABASE_URL, then exits. */
runMain(logger, async () => {
  const config = loadConfig(infrastructureConfigSchema);
  if (!config.DATABASE_URL) {
    throw new Error('DATABASE_URL is not set: the migrate step runs against PostgreSQL only');
  }
  const db = await createDatabase({ url: config.DATABASE_URL, logger });
  try {
    await migrateAllServices(db, logger);
    logger.info('every service migrated');
  } finally {
    await closeDatabase(db);
  }
});
