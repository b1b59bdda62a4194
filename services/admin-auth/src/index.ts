export { adminAuthModule } from './admin-auth.module';
