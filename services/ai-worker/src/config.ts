import { z } from 'zod';
import { engineConfigSchema } from '@palm/palm-engine';
import { infrastructureConfigSchema, portSetting } from '@palm/platform';

export const aiWorkerConfigSchema = infrastructureConfigSchema.extend({
  /** Only for /healthz, /readyz and /metrics when the worker runs alone. */
  PORT: portSetting(8085),
  ...engineConfigSchema.shape,
  /** Distributed mode: the prompt service the OpenAI narrator asks for the operators' prompts. */
  PROMPT_URL: z.url({ error: 'expected a URL' }).default('http://127.0.0.1:8084'),
  /** Distributed mode: the admin-auth service that checks operators' sessions for the test run. */
  ADMIN_AUTH_URL: z.url({ error: 'expected a URL' }).default('http://127.0.0.1:8083'),
});
export type AiWorkerConfig = z.infer<typeof aiWorkerConfigSchema>;
