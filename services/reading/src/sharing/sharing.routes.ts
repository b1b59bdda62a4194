import { Router } from 'express';
import {
  readingIdSchema,
  readingSharingUpdateSchema,
  REPORT_BRAND,
  type ReadingPreview,
  type ReadingSharing,
} from '@palm/contracts';
import { HttpError, jsonBody } from '@palm/platform';
import { firstInsight } from '../report/report-artifacts';
import { shorten } from '../report/plain-text';
import { palmImageView } from '../report/palm-image-variants';
import type { ReadingRecord, ReadingRepository } from '../reading.repository';
import { canSee, ownedReading, palmOnlyView, visibleReading } from './reading-access';

export type SharePreview = (id: string, cookieHeader: string | undefined) => Promise<ReadingPreview | null>;

function toPreview(reading: ReadingRecord): ReadingPreview {
  const insight = firstInsight(reading);
  return {
    title: `A palm reading from ${REPORT_BRAND.name} (${REPORT_BRAND.devanagari})`,
    description: insight
      ? shorten(insight, 200)
      : 'What the lines of a hand reveal, read in the Vedic tradition of Samudrika Shastra.',
    imagePath: `/api/reading/${reading.id}/card.png`,
    imageAlt: `${REPORT_BRAND.name} palm reading card: a hand with its lines and one insight from the reading.`,
    palmImage: palmImageView(reading),
  };
}

/**
 * The link preview of a reading; null when it does not exist or this browser may not see it. The
 * preview travels to whoever the link reaches, so it always quotes the palm-only reading.
 */
export function createSharePreview(repository: ReadingRepository): SharePreview {
  return async (id, cookieHeader) => {
    if (!readingIdSchema.safeParse(id).success) return null;
    const reading = await repository.find(id);
    return reading && canSee(reading, cookieHeader) ? toPreview(palmOnlyView(reading)) : null;
  };
}

export function createSharingRouter(deps: {
  repository: ReadingRepository;
  emailAvailable: boolean;
}): Router {
  const { repository } = deps;
  const router = Router();
  const json = jsonBody('1kb');

  const sharingOf = (reading: ReadingRecord, owner: boolean): ReadingSharing => ({
    shared: reading.sharedAt !== null,
    includePhoto: reading.sharePhoto,
    owner,
    emailAvailable: deps.emailAvailable,
  });

  router.get('/api/reading/:id/sharing', async (req, res) => {
    const { reading, owner } = await visibleReading(repository, req);
    res.setHeader('Cache-Control', 'no-store');
    res.json(sharingOf(reading, owner));
  });

  router.put('/api/reading/:id/sharing', json, async (req, res) => {
    const reading = await ownedReading(repository, req, 'change how it is shared');
    const update = readingSharingUpdateSchema.parse(req.body ?? {});
    if (update.shared && reading.result && !reading.result.shared) {
      throw new HttpError(
        409,
        'This reading was made before a shared link could leave out your answers, so it stays private.',
        { code: 'not_shareable' },
      );
    }
    await repository.setSharing(reading.id, update);
    const updated = (await repository.find(reading.id)) ?? reading;
    res.setHeader('Cache-Control', 'no-store');
    res.json(sharingOf(updated, true));
  });

  router.get('/api/reading/:id/preview', async (req, res) => {
    const { reading } = await visibleReading(repository, req);
    res.setHeader('Cache-Control', 'no-store');
    res.json(toPreview(palmOnlyView(reading)));
  });

  return router;
}
