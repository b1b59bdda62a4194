import type { ReadingView } from '@palm/contracts';
import { notFound, type BlobStore } from '@palm/platform';
import { readingBlobFolder } from '../reading-id';
import type { ReadingRecord, ReadingRepository } from '../reading.repository';
import { createCopyKeeper } from './kept-copy';

/**
 * The narrower widths the report may load the palm photo at, besides its own (a phone's column is
 * 300–420 CSS px at 1–3 device pixels each; the desktop column is 26rem).
 */
const NARROWER_WIDTHS = [320, 480, 640, 800] as const;

const FORMATS = {
  webp: { contentType: 'image/webp' },
  jpg: { contentType: 'image/jpeg' },
} as const;

type VariantFormat = keyof typeof FORMATS;

export interface PalmImageVariant {
  width: number;
  format: VariantFormat;
}

export const palmImagePath = (id: string) => `/api/reading/${id}/image`;

const variantPath = (id: string, { width, format }: PalmImageVariant) =>
  `${palmImagePath(id)}/${width}.${format}`;

const variantKey = (id: string, { width, format }: PalmImageVariant) =>
  `${readingBlobFolder(id)}/palm-${width}.${format}`;

/** The widths a photo this wide is offered at: the narrower ones, and its own. */
const offeredWidths = (photoWidth: number) => [
  ...NARROWER_WIDTHS.filter((width) => width < photoWidth),
  photoWidth,
];

/**
 * The variant a request's last path segment names (`480.webp`), if this reading offers it;
 * anything else is not a variant of it.
 */
export function parsePalmImageVariant(segment: string, reading: ReadingRecord): PalmImageVariant | undefined {
  const match = /^([1-9]\d{0,4})\.(webp|jpg)$/.exec(segment);
  if (!match || !reading.imageSize) return undefined;
  const width = Number(match[1]);
  if (!offeredWidths(reading.imageSize.width).includes(width)) return undefined;
  return { width, format: match[2] as VariantFormat };
}

/**
 * What the report's <img> needs for the photo: its size and the srcset of each format. The JPEG
 * at full width is the stored photo itself.
 */
export function palmImageView(reading: ReadingRecord): ReadingView['palmImage'] {
  if (!reading.imageKey || !reading.imageSize) return null;
  const { width, height } = reading.imageSize;
  const srcset = (format: VariantFormat) =>
    offeredWidths(width)
      .map((offered) => {
        const url =
          format === 'jpg' && offered === width
            ? palmImagePath(reading.id)
            : variantPath(reading.id, { width: offered, format });
        return `${url} ${offered}w`;
      })
      .join(', ');
  return { width, height, srcset: { webp: srcset('webp'), jpeg: srcset('jpg') } };
}

export const PHOTO_NOT_AVAILABLE = 'This palm photo is not available.';

export interface PalmImageVariants {
  /**
   * The variant's bytes and type, made from the stored photo on first request; 404 (HttpError)
   * when the reading has no photo (any more).
   */
  get(reading: ReadingRecord, variant: PalmImageVariant): Promise<{ data: Buffer; contentType: string }>;
}

/**
 * The palm photo at the report's widths, as WebP or JPEG: made from the stored (already normalised,
 * metadata-free) photo on first request and kept beside it under the reading's blob folder, so the
 * retention sweep and "Delete this reading" take them with the photo. Re-encoding writes no
 * metadata either.
 */
export function createPalmImageVariants(deps: {
  repository: ReadingRepository;
  blobs: BlobStore;
}): PalmImageVariants {
  const { blobs } = deps;
  const keep = createCopyKeeper(deps);
  return {
    async get(reading, variant) {
      const imageKey = reading.imageKey;
      if (!imageKey) throw notFound(PHOTO_NOT_AVAILABLE);
      const { contentType } = FORMATS[variant.format];
      const data = await keep(variantKey(reading.id, variant), reading, contentType, async () => {
        const photo = await blobs.get(imageKey);
        if (!photo) throw notFound(PHOTO_NOT_AVAILABLE);
        const { default: sharp } = await import('sharp');
        const resized = sharp(photo.data, { limitInputPixels: 40e6 }).resize({
          width: variant.width,
          withoutEnlargement: true,
        });
        return variant.format === 'webp'
          ? resized.webp({ quality: 72, effort: 4 }).toBuffer()
          : resized.jpeg({ quality: 78, mozjpeg: true }).toBuffer();
      });
      return { data, contentType };
    },
  };
}
