import type { Router } from 'express';
import { READING_SERVER_WAIT_MS } from '@palm/contracts';
import { gauge, migrate, type BlobStore, type Database, type Logger, type MessageBus } from '@palm/platform';
import { createCompletionWaiter } from './completion-waiter';
import { createOutboxRelay } from './outbox/outbox-relay';
import { createReadingResultsHandlers } from './reading-results.handler';
import { READING_MIGRATIONS_TABLE, readingMigrations } from './reading.migrations';
import { createReadingRepository } from './reading.repository';
import { createReadingRouter } from './reading.routes';
import {
  createImageRetentionSweeper,
  DEFAULT_IMAGE_RETENTION_DAYS,
} from './retention/image-retention.sweeper';

export interface ReadingServiceDeps {
  db: Database;
  bus: MessageBus;
  blobs: BlobStore;
  logger: Logger;
  /** How long POST /api/reading waits for the reading before answering 202. */
  waitMs?: number;
  outboxIntervalMs?: number;
  /** Palm photos are deleted this many days after their reading (READING_IMAGE_RETENTION_DAYS). */
  imageRetentionDays?: number;
  retentionIntervalMs?: number;
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
  const imageRetentionDays = deps.imageRetentionDays ?? DEFAULT_IMAGE_RETENTION_DAYS;
  const retention = createImageRetentionSweeper({
    db: deps.db,
    blobs: deps.blobs,
    logger,
    retentionDays: imageRetentionDays,
    intervalMs: deps.retentionIntervalMs,
  });
  const router = createReadingRouter({
    imageRetentionDays,
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
      await deps.bus.consume(
        'readingResults',
        createReadingResultsHandlers({ repository, blobs: deps.blobs, waiter, logger }),
      );
      relay.start();
      retention.start();
    },
    async stop() {
      await relay.stop();
      await retention.stop();
    },
  };
}
