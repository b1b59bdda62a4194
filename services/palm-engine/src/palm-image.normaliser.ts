import sharp from 'sharp';
import { ACCEPTED_IMAGE_FORMATS, MAX_IMAGE_PIXELS, NORMALISED_IMAGE_MAX_EDGE } from '@palm/contracts';
import { UnreadablePhotoError, type NormalisedImage } from './reading-engine';

const JPEG_QUALITY = 85;

const UNREADABLE_MESSAGE =
  'We could not open this photo. Please take a new photo of your open palm and upload it as a JPEG, PNG or WebP image.';
const TOO_LARGE_MESSAGE =
  'This photo has too many pixels for us to read. Please upload a photo of at most 40 megapixels.';

function isAcceptedFormat(format: string | undefined): boolean {
  return (ACCEPTED_IMAGE_FORMATS as readonly string[]).includes(format ?? '');
}

let previousDecode: Promise<unknown> = Promise.resolve();

/**
 * One photo decoded at a time in this process. A decode takes ~50 ms (JPEG shrink-on-load), so a
 * queue costs the readings little, while each decode running beside it adds its own full-size
 * buffers on another libuv thread, in another malloc arena (worker peak at four readings in flight,
 * measured: 455 MB with parallel decodes, 420 MB one at a time).
 */
function oneAtATime<T>(decode: () => Promise<T>): Promise<T> {
  const turn = previousDecode.then(decode);
  previousDecode = turn.catch(() => undefined);
  return turn;
}

/**
 * Makes the one image the rest of the pipeline sees: upright (EXIF orientation applied), at most
 * NORMALISED_IMAGE_MAX_EDGE px a side, re-encoded as JPEG. Re-encoding without `withMetadata`
 * drops every metadata block, so GPS positions in the upload never leave this function.
 */
export function normalisePalmImage(original: Buffer): Promise<NormalisedImage> {
  return oneAtATime(() => normalise(original));
}

async function normalise(original: Buffer): Promise<NormalisedImage> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS };
  let format: string | undefined;
  try {
    ({ format } = await sharp(original, options).metadata());
  } catch (error) {
    throw unreadable(error);
  }
  // Checked before any pixel work: sharp reads many more formats than we accept (SVG, TIFF, …).
  if (!isAcceptedFormat(format)) throw new UnreadablePhotoError(UNREADABLE_MESSAGE);

  try {
    const { data, info } = await sharp(original, options)
      .rotate()
      .resize({
        width: NORMALISED_IMAGE_MAX_EDGE,
        height: NORMALISED_IMAGE_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch (error) {
    throw unreadable(error);
  }
}

function unreadable(error: unknown): UnreadablePhotoError {
  const message = error instanceof Error ? error.message : '';
  return new UnreadablePhotoError(/pixel limit/i.test(message) ? TOO_LARGE_MESSAGE : UNREADABLE_MESSAGE);
}
