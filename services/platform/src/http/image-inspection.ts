import { MAX_IMAGE_PIXELS, type AcceptedImageFormat } from '@palm/contracts';
import { HttpError } from './http-error';

/** The format by the file's own bytes, whatever its name or declared type says. */
export function sniffImageFormat(bytes: Buffer): AcceptedImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return undefined;
}

const CONTENT_TYPES: Record<AcceptedImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

const unreadable = () =>
  new HttpError(
    422,
    'We could not open this photo. It may be damaged or incomplete — please take or choose it again.',
    {
      code: 'image_unreadable',
    },
  );

/**
 * Refuses what the worker could not or should not decode, before anything is stored: a file that is
 * not a JPEG, PNG or WebP (415), a decompression bomb over the pixel limit or a broken file (422).
 */
export async function inspectImage(
  bytes: Buffer,
): Promise<{ format: AcceptedImageFormat; contentType: string }> {
  const format = sniffImageFormat(bytes);
  if (!format) {
    throw new HttpError(
      415,
      'This file is not a photo we can read. Please choose a JPG, PNG or WebP image.',
      {
        code: 'unsupported_image_type',
      },
    );
  }
  // Loaded on the first photo: only the reading service inspects uploads, and every other process
  // that bundles the platform would otherwise carry libvips (~13 MB) for nothing.
  const { default: sharp } = await import('sharp');
  // libvips keeps recent operations for reuse; every upload is a new photo, so that only holds memory.
  sharp.cache(false);
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (!metadata.width || !metadata.height || metadata.format !== format) throw unreadable();
  if (pixels > MAX_IMAGE_PIXELS) {
    throw new HttpError(
      422,
      `This photo has too many pixels (${Math.round(pixels / 1e6)} megapixels). Please use a photo of at most ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
      { code: 'image_too_many_pixels' },
    );
  }
  // A small decode proves the whole file is readable; JPEGs shrink on load, so this stays cheap.
  await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
    .resize(64, 64, { fit: 'inside' })
    .raw()
    .toBuffer()
    .catch(() => {
      throw unreadable();
    });
  return { format, contentType: CONTENT_TYPES[format] };
}
