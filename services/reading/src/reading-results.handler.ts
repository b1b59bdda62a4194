import type { QueueHandlers } from '@palm/platform';
import { counter, type BlobStore, type Logger } from '@palm/platform';
import type { CompletionWaiter } from './completion-waiter';
import { deleteReadingFrames } from './intake/palm-frames';
import type { OutboxRelay } from './outbox/outbox-relay';
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
  relay: OutboxRelay;
  logger: Logger;
}): QueueHandlers<'readingResults'> {
  const { repository, blobs, waiter, relay, logger } = deps;

  /**
   * The owner deleted the reading while the worker was reading it: the worker stored this outcome,
   * reading text and all, after it had already forgotten the reading, so it is told again.
   */
  async function forgetAgainIfDeleted(readingId: string): Promise<void> {
    if (await repository.find(readingId, { withText: false })) return;
    await repository.repeatDeletionEvent(readingId);
    relay.kick();
  }

  /** The frames were only for the worker: they go as the reading ends, however it ends. */
  async function removeFrames(readingId: string): Promise<void> {
    const reading = await repository.find(readingId, { withText: false });
    if (!reading?.frameCount) return;
    await deleteReadingFrames(blobs, readingId, reading.frameCount);
    await repository.clearFrames(readingId);
  }

  return {
    'reading.completed': async ({ payload }) => {
      if (await repository.complete(payload.readingId, payload.result)) {
        readingsFinished.inc({ status: 'completed', kind: payload.engine });
        logger.info(
          { readingId: payload.readingId, engine: payload.engine, ms: payload.durationMs },
          'reading completed',
        );
      } else {
        await forgetAgainIfDeleted(payload.readingId);
      }
      waiter.notify(payload.readingId);
      // After the visitor has the reading: an object store away for a moment delays only this
      // clean-up (the event is retried, and a retried completion changes nothing).
      await removeFrames(payload.readingId);
    },
    'reading.failed': async ({ payload }) => {
      // A photo with no readable palm is not kept a moment longer than it takes to say so. The key
      // is the one this service stored at intake, not whatever the event carries.
      await removeFrames(payload.readingId);
      const refused = payload.kind === 'unreadable_photo';
      const imageKey = refused ? (await repository.find(payload.readingId))?.imageKey : null;
      if (imageKey) await blobs.delete(imageKey);
      if (await repository.fail(payload.readingId, { ...payload, photoRemoved: refused })) {
        readingsFinished.inc({ status: 'failed', kind: payload.kind });
        logger.info({ readingId: payload.readingId, kind: payload.kind }, 'reading failed');
      } else {
        await forgetAgainIfDeleted(payload.readingId);
      }
      waiter.notify(payload.readingId);
    },
  };
}
