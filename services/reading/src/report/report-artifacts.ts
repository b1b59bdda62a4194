import { createHash } from 'node:crypto';
import type { BlobStore, Logger } from '@palm/platform';
import { readingBlobFolder } from '../reading-id';
import type { ReadingRecord, ReadingRepository } from '../reading.repository';
import { palmOnlyView } from '../sharing/reading-access';
import { createCopyKeeper } from './kept-copy';
import { plainText } from './plain-text';
import { renderReportPdf, type ReportPhoto } from './report-pdf.renderer';
import { renderShareCard } from './share-card.renderer';

/**
 * The owner's PDF and the palm-only one a shared link downloads, one per site origin: the PDF
 * carries the report link, and without PUBLIC_URL that link is the origin the request came to.
 */
const pdfKey = (id: string, palmOnly: boolean, origin: string) =>
  `${readingBlobFolder(id)}/report${palmOnly ? '-shared' : ''}-${createHash('sha256').update(origin).digest('hex').slice(0, 12)}.pdf`;
const cardKey = (id: string, photo: boolean) =>
  `${readingBlobFolder(id)}/card-${photo ? 'photo' : 'outline'}.png`;

export const reportLink = (origin: string, id: string) => `${origin.replace(/\/+$/, '')}/report/${id}`;

/** The first insight of the reading: the one line a preview shows. */
export function firstInsight(reading: ReadingRecord): string | undefined {
  const section = reading.result?.sections.find((candidate) => candidate.insights.length > 0);
  const insight = section?.insights[0];
  return insight ? plainText(insight) : undefined;
}

export interface ReportArtifacts {
  /**
   * `palmOnly`: the view of anyone but the owner. `origin`: where the link in it points, the
   * site's origin (see siteOrigin).
   */
  pdf(reading: ReadingRecord, view: { palmOnly: boolean; origin: string }): Promise<Buffer>;
  card(reading: ReadingRecord): Promise<Buffer>;
}

/**
 * The PDF and the share card of a reading, rendered on first request and kept in the blob store
 * beside the photo. A finished reading never changes, except that the sweep removes its photo —
 * and with it these copies — so a kept copy is always current.
 */
export function createReportArtifacts(deps: {
  repository: ReadingRepository;
  blobs: BlobStore;
  logger: Logger;
}): ReportArtifacts {
  const { blobs } = deps;
  const keep = createCopyKeeper(deps);

  async function photoOf(reading: ReadingRecord): Promise<ReportPhoto | null> {
    const blob = reading.imageKey ? await blobs.get(reading.imageKey) : null;
    if (!blob) return null;
    const { default: sharp } = await import('sharp');
    const { width, height, format } = await sharp(blob.data, { limitInputPixels: 40e6 }).metadata();
    if (!width || !height) return null;
    // The worker stores JPEG; anything else is converted so pdfkit and librsvg can embed it.
    const data = format === 'jpeg' ? blob.data : await sharp(blob.data).jpeg({ quality: 85 }).toBuffer();
    return { data, width, height };
  }

  const cached = (
    key: string,
    reading: ReadingRecord,
    contentType: string,
    render: () => Promise<Buffer>,
  ): Promise<Buffer> =>
    // A reading still being made would change: only a finished one's copies are kept.
    keep(key, reading, contentType, render, { keep: reading.status === 'completed' });

  return {
    pdf(reading, { palmOnly, origin }) {
      return cached(pdfKey(reading.id, palmOnly, origin), reading, 'application/pdf', async () => {
        const photo = await photoOf(reading);
        return renderReportPdf({
          result: reading.result!,
          createdAt: reading.createdAt,
          photo,
          photoNote: reading.imageRemovedAt
            ? 'Your palm photo was removed after the retention period, as our privacy policy promises.'
            : 'Palm photo unavailable',
          link: reportLink(origin, reading.id),
        });
      });
    },
    card(reading) {
      const withPhoto = reading.sharePhoto && reading.imageKey !== null;
      // The card travels wherever the link goes, so it shows the palm-only reading.
      const shown = palmOnlyView(reading);
      return cached(cardKey(reading.id, withPhoto), reading, 'image/png', async () =>
        renderShareCard({
          insight: firstInsight(shown) ?? 'What the lines of your hand reveal, read in the Vedic tradition.',
          photo: withPhoto ? await photoOf(reading) : null,
          traces: reading.result?.line_traces ?? [],
          markers: shown.result?.visual_markers ?? [],
        }),
      );
    },
  };
}
