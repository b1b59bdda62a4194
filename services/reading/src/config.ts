import { z } from 'zod';
import { infrastructureConfigSchema, portSetting } from '@palm/platform';

export const readingConfigSchema = infrastructureConfigSchema.extend({
  PORT: portSetting(8081),
  /** How long POST /api/reading waits for the reading before answering 202 (the browser gives up at 120 s). */
  READING_WAIT_MS: z.coerce.number().int().min(0).max(115_000).default(115_000),
  /** Palm photos are deleted this many days after their reading. */
  READING_IMAGE_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1, 'expected a whole number of days ≥ 1')
    .default(30),
});
export type ReadingConfig = z.infer<typeof readingConfigSchema>;
