import { adminAuthModule } from '@palm/admin-auth';
import { aiWorkerModule } from '@palm/ai-worker';
import { flowModule } from '@palm/flow';
import type { ServiceModule } from '@palm/platform';
import { promptModule } from '@palm/prompt';
import { readingModule } from '@palm/reading';

/**
 * Every service of the product, in start order: the embedded product runs each of them, the
 * migrate role applies each one's migrations. A new service is added here and nowhere else.
 */
export const SERVICE_MODULES: readonly ServiceModule[] = [
  adminAuthModule,
  flowModule,
  promptModule,
  readingModule,
  aiWorkerModule,
];
