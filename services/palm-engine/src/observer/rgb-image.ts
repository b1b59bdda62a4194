import type { PixelImage } from '@palm/hand-pose';
import sharp from 'sharp';
import type { NormalisedImage } from '../reading-engine';

/** Decoded pixels, 3 bytes (R, G, B) per pixel, row by row. */
export interface RgbImage extends PixelImage {
  data: Uint8Array;
  channels: 3;
}

export async function decodeRgb(image: NormalisedImage): Promise<RgbImage> {
  const { data, info } = await sharp(image.data)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new Error(`Expected 3 colour channels, got ${info.channels}`);
  return { data, width: info.width, height: info.height, channels: 3 };
}
