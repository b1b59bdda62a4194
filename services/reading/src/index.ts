export {
  createReadingService,
  readingServiceOptions,
  type ReadingService,
  type ReadingServiceDeps,
} from './reading.service';
export type { SharePreview } from './sharing/sharing.routes';
export { readingConfigSchema, type ReadingConfig } from './config';
