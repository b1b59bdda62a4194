export { adminAuthModule } from './admin-auth.module';
export { embeddedDataKey } from './data-key';
