import type { ServiceModule } from '@palm/platform';
import { createAdminAuthService } from './admin-auth.service';
import { adminAuthConfigSchema, type AdminAuthConfig } from './config';
import { ADMIN_AUTH_MIGRATIONS_TABLE, adminAuthMigrations } from './migrations';

export const adminAuthModule: ServiceModule<AdminAuthConfig> = {
  name: 'admin-auth',
  configSchema: adminAuthConfigSchema,
  migrations: { table: ADMIN_AUTH_MIGRATIONS_TABLE, migrations: adminAuthMigrations },
  create({ config, logger, db }) {
    // The setup link names the address the product really listens on, known only once it does.
    const service = createAdminAuthService({ db, logger, config, announceSetupLater: true });
    return {
      ...service,
      routers: [service.router],
      consumers: [],
      provides: { sessions: service.sessions },
      listening: (url) => service.announceSetup(url),
    };
  },
};
