import { loadConfig, runServiceProcess } from '@palm/platform';
import { readingConfigSchema } from './config';
import { createReadingService, readingServiceOptions } from './reading.service';

runServiceProcess({
  name: 'reading',
  loadConfig: () => loadConfig(readingConfigSchema),
  async create({ config, logger, db, bus, blobs }) {
    const service = createReadingService({
      db,
      bus: await bus(),
      blobs: await blobs(),
      logger,
      ...readingServiceOptions(config),
    });
    return { ...service, routers: [service.router] };
  },
});
