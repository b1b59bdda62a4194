export { createAdminAuthService, type AdminAuthDeps, type AdminAuthService } from './admin-auth.service';
export { adminAuthConfigSchema, type AdminAuthConfig } from './config';
