import { Router } from 'express';
import {
  readingIdSchema,
  readingSharingUpdateSchema,
  REPORT_BRAND,
  type ReadingPreview,
  type ReadingSharing,
  type ReadingView,
  type ReportPage,
} from '@palm/contracts';
import { HttpError, jsonBody } from '@palm/platform';
import { firstInsight } from '../report/report-artifacts';
import { shorten } from '../report/plain-text';
import { palmImageView } from '../report/palm-image-variants';
import type { ReadingRecord, ReadingRepository } from '../reading.repository';
import { toReadingView } from '../reading.routes';
import { canSee, ownedReading, palmOnlyView, visibleReading, type ReadingAccess } from './reading-access';

export type ReportPageSource = (id: string, cookieHeader: string | undefined) => Promise<ReportPage | null>;

/** What the report page's answers depend on beyond the reading itself. */
export interface ReportPageDeps {
  emailAvailable: boolean;
  imageRetentionDays: number;
  unlockPrice: ReadingView['unlock'];
}

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

const sharingOf = (reading: ReadingRecord, owner: boolean, emailAvailable: boolean): ReadingSharing => ({
  shared: reading.sharedAt !== null,
  includePhoto: reading.sharePhoto,
  owner,
  emailAvailable,
});

/**
 * What /report/{id} shows one browser: the reading and its sharing exactly as GET /api/reading/{id}
 * and …/sharing answer it (`access` is already the palm-only reading for anyone but the owner), and
 * the link preview, which travels to whoever the link reaches, so it always quotes the palm-only reading.
 */
const reportPageOf = ({ reading, owner }: ReadingAccess, deps: ReportPageDeps): ReportPage => ({
  preview: toPreview(palmOnlyView(reading)),
  view: toReadingView(reading, deps.imageRetentionDays, deps.unlockPrice),
  sharing: sharingOf(reading, owner, deps.emailAvailable),
});

/** The report page of a reading for the gateway in this process; null when it does not exist or this browser may not see it. */
export function createReportPage(repository: ReadingRepository, deps: ReportPageDeps): ReportPageSource {
  return async (id, cookieHeader) => {
    if (!readingIdSchema.safeParse(id).success) return null;
    const reading = await repository.find(id);
    const access = reading && canSee(reading, cookieHeader);
    return access ? reportPageOf(access, deps) : null;
  };
}

export function createSharingRouter(deps: ReportPageDeps & { repository: ReadingRepository }): Router {
  const { repository } = deps;
  const router = Router();
  const json = jsonBody('1kb');

  router.get('/api/reading/:id/sharing', async (req, res) => {
    const { reading, owner } = await visibleReading(repository, req);
    res.setHeader('Cache-Control', 'no-store');
    res.json(sharingOf(reading, owner, deps.emailAvailable));
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
    res.json(sharingOf(updated, true, deps.emailAvailable));
  });

  router.get('/api/reading/:id/page', async (req, res) => {
    const access = await visibleReading(repository, req);
    res.setHeader('Cache-Control', 'no-store');
    res.json(reportPageOf(access, deps));
  });

  return router;
}
