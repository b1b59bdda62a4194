import { loadConfig, runServiceProcess } from '@palm/platform';
import { readingConfigSchema } from './config';
import { createReadingService } from './reading.service';

runServiceProcess({
  name: 'reading',
  loadConfig: () => loadConfig(readingConfigSchema),
  async create({ config, logger, db, bus, blobs }) {
    const service = createReadingService({
      db,
      bus: await bus(),
      blobs: await blobs(),
      logger,
      waitMs: config.READING_WAIT_MS,
      imageRetentionDays: config.READING_IMAGE_RETENTION_DAYS,
    });
    return { ...service, routers: [service.router] };
  },
});
