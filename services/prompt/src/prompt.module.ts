import { INTERNAL_TOKEN_REASON, requireSetting, type ServiceModule } from '@palm/platform';
import { promptConfigSchema, type PromptConfig } from './config';
import { createPromptEditor } from './prompt-editor';
import { PROMPT_MIGRATIONS_TABLE, promptMigrations } from './prompt.migrations';
import { createPromptRouter } from './prompt.routes';

export const promptModule: ServiceModule<PromptConfig> = {
  name: 'prompt',
  configSchema: promptConfigSchema,
  // They also seed the three prompts, on the very first start only.
  migrations: { table: PROMPT_MIGRATIONS_TABLE, migrations: promptMigrations },
  checkStandalone(config) {
    requireSetting(config.INTERNAL_TOKEN, 'INTERNAL_TOKEN', INTERNAL_TOKEN_REASON);
  },
  async create({ config, logger, db, bus, peers }) {
    const editor = createPromptEditor({
      db,
      bus: await bus(),
      logger: logger.child({ component: 'prompt' }),
    });
    const sessions = { verify: (sessionId: string) => peers.verifySession(sessionId) };
    return {
      // GET /api/prompts/runtime is guarded by INTERNAL_TOKEN (header X-Internal-Token) when set.
      routers: [createPromptRouter({ editor, sessions, internalToken: config.INTERNAL_TOKEN })],
      // It publishes prompt.updated; no queue of its own.
      consumers: [],
      start: () => Promise.resolve(),
      // Nothing of its own to stop: the composition root closes the bus and the database.
      stop: () => Promise.resolve(),
      // The texts the reading engine uses now: for a worker in the same process, instead of HTTP.
      provides: { runtimePrompts: () => editor.runtimePrompts() },
    };
  },
};
