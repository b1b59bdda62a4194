import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PALMS_DIR } from '../../tests/support/palm-photos';

const PALM = path.join(PALMS_DIR, 'palm/pos_21_05_Hand_0002764.jpg');

/**
 * A 12-megapixel JPEG of 3–5 MB, as a phone camera sends it. A scaled-up 640 px photo is too
 * smooth to weigh that much, so it gets a phone sensor's colour grain.
 */
export async function phonePhoto(): Promise<Buffer> {
  const base = await sharp(await readFile(PALM))
    .resize(4000, 3000, { fit: 'fill' })
    .toBuffer();
  const grain = await sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  for (let quality = 88; ; quality += 2) {
    const photo = await sharp(base)
      .composite([{ input: grain, blend: 'soft-light' }])
      .jpeg({ quality, chromaSubsampling: '4:4:4' })
      .toBuffer();
    if (photo.length >= 3 * 1024 * 1024 || quality >= 98) return photo;
  }
}
