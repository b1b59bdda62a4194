import { z } from 'zod';
import { infrastructureConfigSchema, internalTokenSetting, portSetting, urlSetting } from '@palm/platform';

export const aiWorkerConfigSchema = infrastructureConfigSchema.extend({
  /** Only for /healthz, /readyz and /metrics when the worker runs alone. */
  PORT: portSetting(8085),
  /** With a key the OpenAI narrator words the readings; without one the local narrator does. */
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: urlSetting(),
  OPENAI_MODEL: z.string().default('gpt-4.1-mini'),
  /** Distributed mode: the prompt service the OpenAI narrator asks for the operators' prompts. */
  PROMPT_URL: z.url({ error: 'expected a URL' }).default('http://127.0.0.1:8084'),
  /** Distributed mode: the admin-auth service that checks operators' sessions for the test run. */
  ADMIN_AUTH_URL: z.url({ error: 'expected a URL' }).default('http://127.0.0.1:8083'),
  INTERNAL_TOKEN: internalTokenSetting,
});
export type AiWorkerConfig = z.infer<typeof aiWorkerConfigSchema>;
