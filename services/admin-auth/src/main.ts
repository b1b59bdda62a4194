import { loadConfig, runServiceProcess } from '@palm/platform';
import { createAdminAuthService } from './admin-auth.service';
import { adminAuthConfigSchema } from './config';

runServiceProcess({
  name: 'admin-auth',
  loadConfig: () => loadConfig(adminAuthConfigSchema),
  create: ({ config, logger, db }) => {
    const service = createAdminAuthService({ db, logger, config });
    return { ...service, routers: [service.router] };
  },
});
