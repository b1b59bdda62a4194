import { Router } from 'express';
import { currentRequestId, type Logger } from '@palm/platform';
import type { ReadingRepository } from '../reading.repository';
import { ownedReading } from '../sharing/reading-access';
import type { ReadingEraser } from './reading-eraser';

/**
 * DELETE /api/reading/{id}, owner only: the photo, any extra frames, the PDFs and cards, the
 * answers and the text go at once, and every URL of the reading answers 404 from then on. If the
 * store is away the visitor is told so (503) and can press Delete again.
 */
export function createReadingDeletionRouter(deps: {
  repository: ReadingRepository;
  erase: ReadingEraser;
  logger: Logger;
}): Router {
  const { repository, erase, logger } = deps;
  const router = Router();

  router.delete('/api/reading/:id', async (req, res) => {
    const reading = await ownedReading(repository, req, 'delete it', { withText: false });
    await erase(reading.id, currentRequestId());
    logger.info({ readingId: reading.id }, 'reading deleted by its owner');
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
  });

  return router;
}
