import { runServiceProcess } from '@palm/platform';
import { readingModule } from './reading.module';

runServiceProcess(readingModule);
