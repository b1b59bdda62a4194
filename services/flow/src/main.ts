import { runServiceProcess } from '@palm/platform';
import { flowModule } from './flow.module';

runServiceProcess(flowModule);
