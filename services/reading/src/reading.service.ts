import type { Router } from 'express';
import { READING_SERVER_WAIT_MS } from '@palm/contracts';
import { gauge, migrate, type BlobStore, type Database, type Logger, type MessageBus } from '@palm/platform';
import { createCompletionWaiter } from './completion-waiter';
import { createOutboxRelay } from './outbox/outbox-relay';
import { createReadingResultsHandlers } from './reading-results.handler';
import { READING_MIGRATIONS_TABLE, readingMigrations } from './reading.migrations';
import { createReadingRepository } from './reading.repository';
import { createReadingRouter } from './reading.routes';

export interface ReadingServiceDeps {
  db: Database;
  bus: MessageBus;
  blobs: BlobStore;
  logger: Logger;
  /** How long POST /api/reading waits for the reading before answering 202. */
  waitMs?: number;
  outboxIntervalMs?: number;
}

export interface ReadingService {
  router: Router;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createReadingService(deps: ReadingServiceDeps): ReadingService {
  const logger = deps.logger.child({ component: 'reading' });
  const repository = createReadingRepository(deps.db);
  const waiter = createCompletionWaiter(repository);
  const relay = createOutboxRelay({ repository, bus: deps.bus, logger, intervalMs: deps.outboxIntervalMs });
  const router = createReadingRouter({
    repository,
    blobs: deps.blobs,
    relay,
    waiter,
    logger,
    waitMs: deps.waitMs ?? READING_SERVER_WAIT_MS,
  });

  gauge('readings_by_status', 'Readings stored, by status', ['status'], async function () {
    const counts = await repository.countByStatus().catch(() => ({}));
    for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
  });

  return {
    router,
    async start() {
      await migrate(deps.db, { table: READING_MIGRATIONS_TABLE, migrations: readingMigrations, logger });
      await deps.bus.consume('readingResults', createReadingResultsHandlers({ repository, waiter, logger }));
      relay.start();
    },
    async stop() {
      await relay.stop();
    },
  };
}
