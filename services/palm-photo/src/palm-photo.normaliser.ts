import type Sharp from 'sharp';
import { MAX_IMAGE_PIXELS, NORMALISED_IMAGE_MAX_EDGE, type PhotoRefusal } from '@palm/contracts';
import { sniffImageFormat } from './photo-format';

/** The only form in which the product keeps or reads a palm photo. */
export interface NormalisedPhoto {
  /** JPEG bytes, upright, without EXIF, GPS, XMP or ICC blocks. */
  data: Buffer;
  width: number;
  height: number;
}

export type PhotoRejectionReason = 'unsupported_type' | 'too_many_pixels' | 'unreadable';

/** What a visitor is told for each reason, with the code (and so the HTTP status) it answers with. */
function refusalFor(reason: PhotoRejectionReason, pixels: number | undefined): PhotoRefusal {
  switch (reason) {
    case 'unsupported_type':
      return {
        code: 'unsupported_image_type',
        detail: 'This file is not a photo we can read. Please choose a JPG, PNG or WebP image.',
      };
    case 'too_many_pixels':
      return {
        code: 'image_too_many_pixels',
        detail: `This photo has too many pixels (${Math.round((pixels ?? 0) / 1e6)} megapixels). Please use a photo of at most ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
      };
    case 'unreadable':
      return {
        code: 'image_unreadable',
        detail:
          'We could not open this photo. It may be damaged or incomplete — please take or choose it again.',
      };
  }
}

/** Why an upload cannot become a palm photo, with the refusal a visitor is answered with. */
export class PhotoRejectedError extends Error {
  override name = 'PhotoRejectedError';
  readonly refusal: PhotoRefusal;
  constructor(
    readonly reason: PhotoRejectionReason,
    /** Width × height as the file declares it, when it could be read. */
    readonly pixels?: number,
  ) {
    super(`photo rejected: ${reason}`);
    this.refusal = refusalFor(reason, pixels);
  }
}

const JPEG_QUALITY = 85;
/**
 * Huffman tables optimised for the photo make a file some 3 % smaller, but libjpeg then holds the
 * whole photo's coefficients to take a second pass over them: 4–5 MB more resident per photo
 * normalised, measured with a 12-megapixel upload. The tables are lossless either way, so the
 * pixels the engine reads are the same.
 */
const OPTIMISED_HUFFMAN_TABLES = false;

let loaded: Promise<typeof Sharp> | undefined;

/**
 * sharp (libvips, ~13 MB resident) is loaded with the first photo, not with this module: bundlers
 * keep a top-level import of it in every process that bundles this package, whether it ever reads
 * a photo or not.
 */
function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // libvips keeps recent operations for reuse; every upload is a new photo, so that only holds memory.
    sharp.cache(false);
    // One photo is decoded at a time (below), and the JPEG decode that dominates is sequential: a
    // second libvips thread normalised a 12-megapixel photo no faster and kept ~3 MB more resident.
    sharp.concurrency(1);
    return sharp;
  });
  return loaded;
}

let previousDecode: Promise<unknown> = Promise.resolve();

/**
 * One photo decoded at a time in this process. A decode takes ~70 ms of CPU for a 12-megapixel
 * JPEG (it shrinks on load), so a queue costs little, while each decode running beside it adds
 * its own full-size buffers on another libuv thread, in another malloc arena.
 */
function oneAtATime<T>(decode: () => Promise<T>): Promise<T> {
  const turn = previousDecode.then(decode);
  previousDecode = turn.catch(() => undefined);
  return turn;
}

/**
 * Makes the one photo the product stores and reads: upright (EXIF orientation applied), at most
 * NORMALISED_IMAGE_MAX_EDGE px a side, re-encoded as JPEG. Re-encoding without `withMetadata`
 * drops every metadata block, so GPS positions in an upload never reach storage.
 *
 * Refuses, before any pixel work, what is not a JPEG, PNG or WebP by its own bytes (sharp reads
 * many more formats: SVG, TIFF, GIF…) and a decompression bomb over MAX_IMAGE_PIXELS; a file that
 * claims a format but does not decode as one is `unreadable`.
 */
export async function normalisePalmPhoto(bytes: Buffer): Promise<NormalisedPhoto> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new PhotoRejectedError('unsupported_type');
  const sharp = await loadSharp();
  // The header alone: a bomb is refused without decoding a pixel.
  const metadata = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new PhotoRejectedError('unreadable');
    });
  if (!metadata.width || !metadata.height || metadata.format !== format) {
    throw new PhotoRejectedError('unreadable');
  }
  const pixels = metadata.width * metadata.height;
  if (pixels > MAX_IMAGE_PIXELS) throw new PhotoRejectedError('too_many_pixels', pixels);
  return oneAtATime(async () => {
    const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({
        width: NORMALISED_IMAGE_MAX_EDGE,
        height: NORMALISED_IMAGE_MAX_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: false, optimiseCoding: OPTIMISED_HUFFMAN_TABLES })
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw new PhotoRejectedError('unreadable');
      });
    return { data, width: info.width, height: info.height };
  });
}
