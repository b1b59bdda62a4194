import { adminAuthModule } from '@palm/admin-auth';
import { aiWorkerModule } from '@palm/ai-worker';
import { flowModule } from '@palm/flow';
import type { ServiceModule } from '@palm/platform';
import { promptModule } from '@palm/prompt';
import { readingModule } from '@palm/reading';
import { SERVICE_NAMES, type ServiceName } from './catalogue';

/**
 * The module of each catalogued service (a service without one does not compile). Apart from the
 * data in catalogue.ts so that the gateway and the launcher, which need the data, load no service.
 */
const MODULES: { [Name in ServiceName]: ServiceModule } = {
  'admin-auth': adminAuthModule,
  flow: flowModule,
  prompt: promptModule,
  reading: readingModule,
  'ai-worker': aiWorkerModule,
};

/** Every service's module in start order: the embedded product runs each, the migrate role migrates each. */
export const SERVICE_MODULES: readonly ServiceModule[] = SERVICE_NAMES.map((name) => MODULES[name]);
