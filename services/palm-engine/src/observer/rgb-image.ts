import sharp from 'sharp';
import type { NormalisedImage } from '../reading-engine';

/** Decoded pixels, 3 bytes (R, G, B) per pixel, row by row. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

export async function decodeRgb(image: NormalisedImage): Promise<RgbImage> {
  const { data, info } = await sharp(image.data)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`Expected 3 colour channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height };
}

/** Rec. 601 luma of one pixel, 0–255; outside the image reads as black. */
function lumaAt(image: RgbImage, px: number, py: number): number {
  if (px < 0 || py < 0 || px >= image.width || py >= image.height) return 0;
  const offset = (py * image.width + px) * 3;
  return 0.299 * image.data[offset]! + 0.587 * image.data[offset + 1]! + 0.114 * image.data[offset + 2]!;
}

// Runs for every pixel of the palm surface: plain functions, no closure per call.

/** Bilinear sample of Rec. 601 luma, 0–255 (luma is linear, so this is the luma of the sampled colour). */
export function sampleLuma(image: RgbImage, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const top = lumaAt(image, x0, y0) * (1 - fx) + lumaAt(image, x0 + 1, y0) * fx;
  const bottom = lumaAt(image, x0, y0 + 1) * (1 - fx) + lumaAt(image, x0 + 1, y0 + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}
