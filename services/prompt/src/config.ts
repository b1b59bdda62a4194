import { z } from 'zod';
import { infrastructureConfigSchema, portSetting } from '@palm/platform';

export const promptConfigSchema = infrastructureConfigSchema.extend({
  PORT: portSetting(8084),
  /** The admin-auth service that answers session checks when this service runs on its own. */
  ADMIN_AUTH_URL: z.url({ error: 'expected a URL' }).default('http://127.0.0.1:8083'),
});
export type PromptConfig = z.infer<typeof promptConfigSchema>;
