import { createReadingEngines } from '@palm/palm-engine';
import { INTERNAL_TOKEN_REASON, requireSetting, type ServiceModule } from '@palm/platform';
import { AI_WORKER_MIGRATIONS_TABLE, aiWorkerMigrations } from './ai-worker.migrations';
import { createAiWorkerService } from './ai-worker.service';
import { aiWorkerConfigSchema, type AiWorkerConfig } from './config';
import { workerEngineHost } from './engine-host';
import { createPromptTestRunRouter } from './prompt-test-run.routes';

export const aiWorkerModule: ServiceModule<AiWorkerConfig> = {
  name: 'ai-worker',
  configSchema: aiWorkerConfigSchema,
  migrations: { table: AI_WORKER_MIGRATIONS_TABLE, migrations: aiWorkerMigrations },
  checkStandalone(config) {
    requireSetting(config.INTERNAL_TOKEN, 'INTERNAL_TOKEN', INTERNAL_TOKEN_REASON);
  },
  async create({ config, logger, db, bus, blobs, peers }) {
    const engines = await createReadingEngines(config, workerEngineHost(logger), {
      current: () => peers.runtimePrompts(),
    });
    const worker = createAiWorkerService({
      db,
      bus: await bus(),
      blobs: await blobs(),
      logger,
      engine: engines.engine,
    });
    const testRun = createPromptTestRunRouter({
      ...engines,
      logger,
      sessions: { verify: peers.verifySession },
    });
    return { ...worker, routers: [testRun] };
  },
};
