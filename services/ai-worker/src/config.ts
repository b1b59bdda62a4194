import { z } from 'zod';
import { infrastructureConfigSchema, portSetting, urlSetting } from '@palm/platform';

export const aiWorkerConfigSchema = infrastructureConfigSchema.extend({
  /** Only for /healthz, /readyz and /metrics when the worker runs alone. */
  PORT: portSetting(8085),
  /** With a key the OpenAI engine reads; without one the local engine does. */
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: urlSetting(),
  OPENAI_MODEL: z.string().default('gpt-4.1-mini'),
});
export type AiWorkerConfig = z.infer<typeof aiWorkerConfigSchema>;
