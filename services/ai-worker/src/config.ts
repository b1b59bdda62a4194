import type { z } from 'zod';
import { engineConfigSchema } from '@palm/palm-engine';
import { infrastructureConfigSchema, urlSetting } from '@palm/platform';

export const aiWorkerConfigSchema = infrastructureConfigSchema.extend({
  ...engineConfigSchema.shape,
  /** Distributed mode: the prompt service the OpenAI narrator asks for the operators' prompts. */
  PROMPT_URL: urlSetting(),
  /** Distributed mode: the admin-auth service that checks operators' sessions for the test run. */
  ADMIN_AUTH_URL: urlSetting(),
});
export type AiWorkerConfig = z.infer<typeof aiWorkerConfigSchema>;
