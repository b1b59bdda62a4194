export { createReadingService, type ReadingService, type ReadingServiceDeps } from './reading.service';
export { readingConfigSchema, type ReadingConfig } from './config';
