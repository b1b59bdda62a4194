import { createReadingEngines, type ReadingEngine } from '@palm/palm-engine';
import { INTERNAL_TOKEN_REASON, requireSetting, type ServiceModule } from '@palm/platform';
import { AI_WORKER_MIGRATIONS_TABLE, aiWorkerMigrations } from './ai-worker.migrations';
import { createAiWorkerRepository } from './ai-worker.repository';
import { aiWorkerConfigSchema, type AiWorkerConfig } from './config';
import { workerEngineHost } from './engine-host';
import { createPromptTestRunRouter } from './prompt-test-run.routes';
import { createReadingJobHandler } from './worker/reading-job.handler';

export interface AiWorkerDeps {
  /** The engine that reads the jobs; the one OPENAI_API_KEY picks unless a test gives its own. */
  engine: ReadingEngine;
  /** Readings worked on at once; photos are CPU work, so a small number. */
  concurrency: number;
  /**
   * After this long a claim held by another message counts as abandoned (its worker died). Longer
   * than the slowest reading: the OpenAI narrator may take 3 × 60 s before it falls back.
   */
  staleClaimAfterMs: number;
}

export const aiWorkerModule: ServiceModule<AiWorkerConfig, AiWorkerDeps> = {
  name: 'ai-worker',
  configSchema: aiWorkerConfigSchema,
  migrations: { table: AI_WORKER_MIGRATIONS_TABLE, migrations: aiWorkerMigrations },
  checkStandalone(config) {
    requireSetting(config.INTERNAL_TOKEN, 'INTERNAL_TOKEN', INTERNAL_TOKEN_REASON);
  },
  async create({ config, deps, logger, db, bus, blobs, peers }) {
    const log = logger.child({ component: 'ai-worker' });
    const engines = await createReadingEngines(config, workerEngineHost(logger), {
      current: () => peers.runtimePrompts(),
    });
    const engine = deps.engine ?? engines.engine;
    const repository = createAiWorkerRepository(db, { staleAfterMs: deps.staleClaimAfterMs ?? 5 * 60_000 });
    const handler = createReadingJobHandler({
      bus: await bus(),
      blobs: await blobs(),
      logger: log,
      engine,
      repository,
    });
    const sessions = { verify: (sessionId: string) => peers.verifySession(sessionId) };
    return {
      routers: [createPromptTestRunRouter({ ...engines, logger, sessions })],
      consumers: [
        {
          queue: 'aiWorkerReadings',
          handlers: { 'reading.requested': handler },
          options: { prefetch: deps.concurrency ?? 4 },
        },
        {
          queue: 'aiWorkerDeletions',
          handlers: {
            'reading.deleted': async ({ payload }) => {
              await repository.forget(payload.readingId);
              log.info({ readingId: payload.readingId }, 'deleted reading forgotten');
            },
          },
        },
      ],
      start: () => {
        log.info({ engine: engine.name }, 'AI worker reads reading.requested with this engine');
        return Promise.resolve();
      },
      // The bus owns its consumers: closing it stops deliveries and waits for the ones in flight.
      stop: () => Promise.resolve(),
    };
  },
};
