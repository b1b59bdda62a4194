import { runServiceProcess } from '@palm/platform';
import { aiWorkerModule } from './ai-worker.module';

runServiceProcess(aiWorkerModule);
