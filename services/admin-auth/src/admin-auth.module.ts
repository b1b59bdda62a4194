import { requireSetting, type ServiceModule } from '@palm/platform';
import { createAdminAuthService } from './admin-auth.service';
import { adminAuthConfigSchema, type AdminAuthConfig } from './config';
import { DATA_KEY_REASON, embeddedDataKey } from './data-key';
import { ADMIN_AUTH_MIGRATIONS_TABLE, adminAuthMigrations } from './migrations';

export const adminAuthModule: ServiceModule<AdminAuthConfig> = {
  name: 'admin-auth',
  configSchema: adminAuthConfigSchema,
  migrations: { table: ADMIN_AUTH_MIGRATIONS_TABLE, migrations: adminAuthMigrations },
  checkStandalone(config) {
    // Replicas each making a key file of their own could not read what the others sealed.
    requireSetting(config.ADMIN_DATA_KEY, 'ADMIN_DATA_KEY', DATA_KEY_REASON);
  },
  create({ config, logger, db }) {
    const dataKey = config.ADMIN_DATA_KEY ?? embeddedDataKey(config.DATA_DIR);
    // The setup link names the address the product really listens on, known only once it does.
    const service = createAdminAuthService({ db, logger, config, dataKey, announceSetupLater: true });
    return {
      ...service,
      routers: [service.router],
      consumers: [],
      provides: { verifySession: (sessionId) => service.sessions.verify(sessionId) },
      listening: (url) => service.announceSetup(url),
    };
  },
};
