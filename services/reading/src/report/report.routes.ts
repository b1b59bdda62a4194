import { Router } from 'express';
import { HttpError, siteOrigin } from '@palm/platform';
import type { ReadingRepository } from '../reading.repository';
import { REVOCABLE_CONTENT_CACHE_CONTROL, visibleReading } from '../sharing/reading-access';
import type { ReportArtifacts } from './report-artifacts';

/** GET /api/reading/{id}/pdf and /card.png: answered only while the reading is visible to this browser. */
export function createReportRouter(deps: {
  repository: ReadingRepository;
  artifacts: ReportArtifacts;
  publicUrl: string | undefined;
}): Router {
  const { repository, artifacts } = deps;
  const router = Router();

  router.get('/api/reading/:id/pdf', async (req, res) => {
    const { reading, owner } = await visibleReading(repository, req);
    if (reading.status !== 'completed' || !reading.result) {
      throw new HttpError(409, 'This reading is not ready yet, so there is no PDF to download.', {
        code: 'reading_not_ready',
      });
    }
    if (reading.locked) {
      throw new HttpError(
        402,
        'The PDF comes with the full reading: unlock it on the report page with a one-off payment to download it.',
        { code: 'payment_required' },
      );
    }
    const pdf = await artifacts.pdf(reading, {
      palmOnly: !owner,
      origin: siteOrigin(req, deps.publicUrl),
    });
    const date = reading.createdAt.toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `attachment; filename="hastrekha-palm-reading-${date}.pdf"`);
    res.setHeader('Cache-Control', REVOCABLE_CONTENT_CACHE_CONTROL);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(pdf);
  });

  router.get('/api/reading/:id/card.png', async (req, res) => {
    const { reading } = await visibleReading(repository, req);
    const card = await artifacts.card(reading);
    res.setHeader('Content-Type', 'image/png');
    res.setHeader('Cache-Control', REVOCABLE_CONTENT_CACHE_CONTROL);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.send(card);
  });

  return router;
}
