import { createRemoteSessionVerifier, loadConfig, runServiceProcess } from '@palm/platform';
import { flowConfigSchema } from './config';
import { createFlowService } from './flow.service';

runServiceProcess({
  name: 'flow',
  loadConfig: () => loadConfig(flowConfigSchema),
  async create({ config, logger, db, bus }) {
    const sessions = createRemoteSessionVerifier({ adminAuthUrl: config.ADMIN_AUTH_URL });
    const service = createFlowService({ db, bus: await bus(), logger, sessions });
    return { ...service, routers: [service.router] };
  },
});
