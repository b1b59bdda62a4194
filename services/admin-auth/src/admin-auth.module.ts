import { requireSetting, type ServiceModule } from '@palm/platform';
import { createAdminAuthService, type AdminAuthDeps } from './admin-auth.service';
import { adminAuthConfigSchema, type AdminAuthConfig } from './config';
import { DATA_KEY_REASON, embeddedDataKey } from './data-key';
import { ADMIN_AUTH_MIGRATIONS_TABLE, adminAuthMigrations } from './migrations';

export const adminAuthModule: ServiceModule<AdminAuthConfig, Pick<AdminAuthDeps, 'dataKey' | 'now'>> = {
  name: 'admin-auth',
  configSchema: adminAuthConfigSchema,
  migrations: { table: ADMIN_AUTH_MIGRATIONS_TABLE, migrations: adminAuthMigrations },
  checkStandalone(config) {
    // Replicas each making a key file of their own could not read what the others sealed.
    requireSetting(config.ADMIN_DATA_KEY, 'ADMIN_DATA_KEY', DATA_KEY_REASON);
  },
  create({ config, deps, logger, db }) {
    const dataKey = deps.dataKey ?? config.ADMIN_DATA_KEY ?? embeddedDataKey(config.DATA_DIR);
    const service = createAdminAuthService({ db, logger, config, dataKey, now: deps.now });
    return {
      routers: [service.router],
      consumers: [],
      start: () => service.start(),
      stop: () => service.stop(),
      provides: { verifySession: (sessionId) => service.sessions.verify(sessionId) },
      // The setup link names the address the product really listens on, known only once it does.
      listening: (url) => service.announceSetup(url),
    };
  },
};
