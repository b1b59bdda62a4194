import {
  createRemoteSessionVerifier,
  INTERNAL_TOKEN_REASON,
  loadConfig,
  requireSetting,
  runServiceProcess,
} from '@palm/platform';
import { promptConfigSchema } from './config';
import { createPromptService } from './prompt.service';

runServiceProcess({
  name: 'prompt',
  loadConfig: () => {
    const config = loadConfig(promptConfigSchema);
    requireSetting(config.INTERNAL_TOKEN, 'INTERNAL_TOKEN', INTERNAL_TOKEN_REASON);
    return config;
  },
  async create({ config, logger, db, bus }) {
    const sessions = createRemoteSessionVerifier({ adminAuthUrl: config.ADMIN_AUTH_URL });
    const service = createPromptService({
      db,
      bus: await bus(),
      logger,
      sessions,
      internalToken: config.INTERNAL_TOKEN,
    });
    return { ...service, routers: [service.router] };
  },
});
