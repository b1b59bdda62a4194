import type { ServiceModule } from '@palm/platform';
import { readingConfigSchema, type ReadingConfig } from './config';
import { READING_MIGRATIONS_TABLE, readingMigrations } from './reading.migrations';
import { createReadingService, readingServiceOptions } from './reading.service';

export const readingModule: ServiceModule<ReadingConfig> = {
  name: 'reading',
  configSchema: readingConfigSchema,
  migrations: { table: READING_MIGRATIONS_TABLE, migrations: readingMigrations },
  async create({ config, logger, db, bus, blobs, peers }) {
    const service = createReadingService({
      db,
      bus: await bus(),
      blobs: await blobs(),
      logger,
      sessions: { verify: peers.verifySession },
      ...readingServiceOptions(config),
    });
    return { ...service, routers: [service.router], provides: { sharePreview: service.sharePreview } };
  },
};
