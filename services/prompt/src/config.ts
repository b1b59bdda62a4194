import type { z } from 'zod';
import { infrastructureConfigSchema, urlSetting } from '@palm/platform';

export const promptConfigSchema = infrastructureConfigSchema.extend({
  /** The admin-auth service that answers session checks when this service runs on its own. */
  ADMIN_AUTH_URL: urlSetting(),
});
export type PromptConfig = z.infer<typeof promptConfigSchema>;
