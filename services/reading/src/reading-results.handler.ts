import type { QueueHandlers } from '@palm/platform';
import { counter, type BlobStore, type Logger } from '@palm/platform';
import type { CompletionWaiter } from './completion-waiter';
import type { ReadingRepository } from './reading.repository';

const readingsFinished = counter('readings_finished_total', 'Readings that reached a final state', [
  'status',
  'kind',
]);

/** The reading service is the single writer of `readings`: the worker's outcome arrives here. */
export function createReadingResultsHandlers(deps: {
  repository: ReadingRepository;
  blobs: BlobStore;
  waiter: CompletionWaiter;
  logger: Logger;
}): QueueHandlers<'readingResults'> {
  const { repository, blobs, waiter, logger } = deps;
  return {
    'reading.completed': async ({ payload }) => {
      if (await repository.complete(payload.readingId, payload.imageKey, payload.result)) {
        readingsFinished.inc({ status: 'completed', kind: payload.engine });
        logger.info(
          { readingId: payload.readingId, engine: payload.engine, ms: payload.durationMs },
          'reading completed',
        );
      }
      waiter.notify(payload.readingId);
    },
    'reading.failed': async ({ payload }) => {
      // A photo with no readable palm is not kept a moment longer than it takes to say so.
      const refused = payload.kind === 'unreadable_photo';
      if (refused && payload.imageKey) await blobs.delete(payload.imageKey);
      const failure = refused ? { ...payload, imageKey: null } : payload;
      if (await repository.fail(payload.readingId, failure)) {
        readingsFinished.inc({ status: 'failed', kind: payload.kind });
        logger.info({ readingId: payload.readingId, kind: payload.kind }, 'reading failed');
      }
      waiter.notify(payload.readingId);
    },
  };
}
