import { runServiceProcess } from '@palm/platform';
import { adminAuthModule } from './admin-auth.module';

runServiceProcess(adminAuthModule);
