import { INTERNAL_TOKEN_REASON, requireSetting, type ServiceModule } from '@palm/platform';
import { promptConfigSchema, type PromptConfig } from './config';
import { PROMPT_MIGRATIONS_TABLE, promptMigrations } from './prompt.migrations';
import { createPromptService } from './prompt.service';

export const promptModule: ServiceModule<PromptConfig> = {
  name: 'prompt',
  configSchema: promptConfigSchema,
  migrations: { table: PROMPT_MIGRATIONS_TABLE, migrations: promptMigrations },
  checkStandalone(config) {
    requireSetting(config.INTERNAL_TOKEN, 'INTERNAL_TOKEN', INTERNAL_TOKEN_REASON);
  },
  async create({ config, logger, db, bus, peers }) {
    const service = createPromptService({
      db,
      bus: await bus(),
      logger,
      sessions: { verify: peers.verifySession },
      internalToken: config.INTERNAL_TOKEN,
    });
    return {
      ...service,
      routers: [service.router],
      // It publishes prompt.updated; no queue of its own.
      consumers: [],
      provides: { runtimePrompts: () => service.runtimePrompts() },
    };
  },
};
