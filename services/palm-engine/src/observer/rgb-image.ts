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

/** Bilinear sample of one channel; outside the image reads as black, like MediaPipe's letter-boxing. */
export function sampleChannel(image: RgbImage, x: number, y: number, channel: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const at = (px: number, py: number) =>
    px < 0 || py < 0 || px >= image.width || py >= image.height
      ? 0
      : image.data[(py * image.width + px) * 3 + channel]!;
  const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
  const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

/** Rec. 601 luma, 0–255. */
export function sampleLuma(image: RgbImage, x: number, y: number): number {
  return (
    0.299 * sampleChannel(image, x, y, 0) +
    0.587 * sampleChannel(image, x, y, 1) +
    0.114 * sampleChannel(image, x, y, 2)
  );
}
