import { runServiceProcess } from '@palm/platform';
import { promptModule } from './prompt.module';

runServiceProcess(promptModule);
