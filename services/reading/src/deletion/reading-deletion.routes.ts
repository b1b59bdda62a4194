import { Router } from 'express';
import { currentRequestId, HttpError, type BlobStore, type Logger } from '@palm/platform';
import type { OutboxRelay } from '../outbox/outbox-relay';
import { readingBlobFolder } from '../reading-id';
import type { ReadingRepository } from '../reading.repository';
import { visibleReading } from '../sharing/reading-access';

/**
 * DELETE /api/reading/{id}, owner only: the photo, any extra frames, the PDFs and cards, the
 * answers and the text go at once, and every URL of the reading answers 404 from then on.
 */
export function createReadingDeletionRouter(deps: {
  repository: ReadingRepository;
  blobs: BlobStore;
  relay: OutboxRelay;
  logger: Logger;
}): Router {
  const { repository, blobs, relay, logger } = deps;
  const router = Router();

  router.delete('/api/reading/:id', async (req, res) => {
    const { reading, owner } = await visibleReading(repository, req, { withText: false });
    if (!owner) {
      throw new HttpError(403, 'Only the browser that made this reading can delete it.', {
        code: 'not_owner',
      });
    }
    const folder = readingBlobFolder(reading.id);
    // Files before the row: if the store is away, the visitor is told so (503) and can press
    // Delete again, instead of the row going and its photo staying behind unreachable.
    await blobs.deleteFolder(folder);
    for (const key of await repository.storedBlobKeys(reading.id)) await blobs.delete(key);
    await repository.deleteWithEvent(reading.id, { requestId: currentRequestId() });
    relay.kick();
    // A PDF or card rendered while the row went was stored after the first pass.
    await blobs.deleteFolder(folder);
    logger.info({ readingId: reading.id }, 'reading deleted by its owner');
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
  });

  return router;
}
