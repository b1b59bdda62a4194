import {
  migrate,
  type BlobStore,
  type Database,
  type Logger,
  type MessageBus,
  type QueueConsumer,
} from '@palm/platform';
import { AI_WORKER_MIGRATIONS_TABLE, aiWorkerMigrations } from './ai-worker.migrations';
import { createAiWorkerRepository } from './ai-worker.repository';
import type { ReadingEngine } from '@palm/palm-engine';
import { createReadingJobHandler } from './worker/reading-job.handler';

export interface AiWorkerDeps {
  db: Database;
  bus: MessageBus;
  blobs: BlobStore;
  logger: Logger;
  engine: ReadingEngine;
  /** Readings worked on at once; photos are CPU work, so a small number. */
  concurrency?: number;
  /**
   * After this long a claim held by another message counts as abandoned (its worker died). Longer
   * than the slowest reading: the OpenAI narrator may take 3 × 60 s before it falls back.
   */
  staleClaimAfterMs?: number;
}

export interface AiWorkerService {
  /** reading.requested, a few readings at a time (`concurrency`). */
  consumers: QueueConsumer[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createAiWorkerService(deps: AiWorkerDeps): AiWorkerService {
  const logger = deps.logger.child({ component: 'ai-worker' });
  const repository = createAiWorkerRepository(deps.db, {
    staleAfterMs: deps.staleClaimAfterMs ?? 5 * 60_000,
  });
  const handler = createReadingJobHandler({ ...deps, repository, logger });
  return {
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
            logger.info({ readingId: payload.readingId }, 'deleted reading forgotten');
          },
        },
      },
    ],
    async start() {
      await migrate(deps.db, { table: AI_WORKER_MIGRATIONS_TABLE, migrations: aiWorkerMigrations, logger });
      logger.info({ engine: deps.engine.name }, 'AI worker reads reading.requested with this engine');
    },
    // The bus owns its consumers: closing it stops deliveries and waits for the ones in flight.
    stop: () => Promise.resolve(),
  };
}
