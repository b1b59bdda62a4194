import type { QueueHandlers } from '@palm/platform';
import { counter, type Logger } from '@palm/platform';
import type { CompletionWaiter } from './completion-waiter';
import type { ReadingRepository } from './reading.repository';

const readingsFinished = counter('readings_finished_total', 'Readings that reached a final state', [
  'status',
  'kind',
]);

/** The reading service is the single writer of `readings`: the worker's outcome arrives here. */
export function createReadingResultsHandlers(deps: {
  repository: ReadingRepository;
  waiter: CompletionWaiter;
  logger: Logger;
}): QueueHandlers<'readingResults'> {
  const { repository, waiter, logger } = deps;
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
      if (await repository.fail(payload.readingId, payload)) {
        readingsFinished.inc({ status: 'failed', kind: payload.kind });
        logger.info({ readingId: payload.readingId, kind: payload.kind }, 'reading failed');
      }
      waiter.notify(payload.readingId);
    },
  };
}
