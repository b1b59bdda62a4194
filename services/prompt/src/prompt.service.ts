import type { Router } from 'express';
import type { RuntimePrompts } from '@palm/contracts';
import { migrate, type Database, type Logger, type MessageBus, type SessionVerifier } from '@palm/platform';
import { createPromptEditor } from './prompt-editor';
import { PROMPT_MIGRATIONS_TABLE, promptMigrations } from './prompt.migrations';
import { createPromptRouter } from './prompt.routes';

export interface PromptServiceDeps {
  db: Database;
  bus: MessageBus;
  logger: Logger;
  sessions: SessionVerifier;
  /** Guards GET /api/prompts/runtime (header X-Internal-Token) when set. */
  internalToken?: string;
}

export interface PromptService {
  router: Router;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The texts the reading engine uses now: for a worker in the same process, instead of HTTP. */
  runtimePrompts(): Promise<RuntimePrompts>;
}

export function createPromptService(deps: PromptServiceDeps): PromptService {
  const logger = deps.logger.child({ component: 'prompt' });
  const editor = createPromptEditor({ db: deps.db, bus: deps.bus, logger });
  const router = createPromptRouter({ editor, sessions: deps.sessions, internalToken: deps.internalToken });

  return {
    router,
    async start() {
      // Migrations also seed the three prompts, on the very first start only.
      await migrate(deps.db, { table: PROMPT_MIGRATIONS_TABLE, migrations: promptMigrations, logger });
    },
    async stop() {
      // Nothing of its own to stop: the composition root closes the bus and the database.
    },
    runtimePrompts: () => editor.runtimePrompts(),
  };
}
