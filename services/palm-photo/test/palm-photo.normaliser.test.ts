import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { normalisePalmPhoto, PhotoRejectedError } from '../src/palm-photo.normaliser';
import { readPalm, ROTATED_GPS_PALM } from '../../../tests/support/palm-photos';

/** Every tag exiftool finds, by group (`-G1`): File and JFIF groups are fine, EXIF/GPS/XMP/ICC are not. */
function exifGroups(image: Buffer): string[] {
  const output = execFileSync('exiftool', ['-j', '-a', '-G1', '-'], { input: image }).toString();
  const [tags] = JSON.parse(output) as [Record<string, unknown>];
  return [...new Set(Object.keys(tags).map((key) => key.split(':')[0] ?? key))];
}

describe('normalisePalmPhoto', () => {
  it('turns the rotated iPhone photo upright, shrinks it to 1024 px and drops EXIF and GPS', async () => {
    const original = readFileSync(ROTATED_GPS_PALM);
    expect(exifGroups(original)).toEqual(expect.arrayContaining(['GPS', 'IFD0']));
    const stored = await sharp(original).metadata();
    expect([stored.width, stored.height, stored.orientation]).toEqual([4032, 3024, 6]);

    const image = await normalisePalmPhoto(original);

    // Stored landscape with "rotate 90° CW": upright, the hand (fingers up) is portrait.
    expect([image.width, image.height]).toEqual([768, 1024]);
    const metadata = await sharp(image.data).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 768, height: 1024 });
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.icc).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    const groups = exifGroups(image.data);
    expect(groups).not.toContain('GPS');
    expect(groups).not.toContain('IFD0');
    expect(groups).not.toContain('ExifIFD');
    expect(image.data.includes('Exif')).toBe(false);
  });

  it('refuses a file whose bytes claim one format and whose body is another', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const posingAsJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
    await expect(normalisePalmPhoto(posingAsJpeg)).rejects.toMatchObject({ reason: 'unreadable' });
  });

  it('keeps a small photo at its size', async () => {
    const image = await normalisePalmPhoto(readPalm());
    expect([image.width, image.height]).toEqual([640, 640]);
  });

  it('shrinks a large PNG to fit inside 1024 px and re-encodes it as JPEG', async () => {
    const png = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#c89070' } })
      .png()
      .toBuffer();
    const image = await normalisePalmPhoto(png);
    expect([image.width, image.height]).toEqual([1024, 512]);
    expect((await sharp(image.data).metadata()).format).toBe('jpeg');
  });

  it('refuses bytes that are not an image as an unsupported type', async () => {
    await expect(normalisePalmPhoto(Buffer.from('not a photo at all'))).rejects.toMatchObject({
      reason: 'unsupported_type',
      refusal: {
        code: 'unsupported_image_type',
        detail: 'This file is not a photo we can read. Please choose a JPG, PNG or WebP image.',
      },
    });
  });

  it('refuses formats other than JPEG, PNG and WebP before decoding them', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await expect(normalisePalmPhoto(svg)).rejects.toMatchObject({ reason: 'unsupported_type' });
    await expect(normalisePalmPhoto(gif)).rejects.toMatchObject({ reason: 'unsupported_type' });
  });

  it('refuses a truncated JPEG', async () => {
    const truncated = readPalm().subarray(0, 20_000);
    await expect(normalisePalmPhoto(truncated)).rejects.toBeInstanceOf(PhotoRejectedError);
    await expect(normalisePalmPhoto(truncated)).rejects.toMatchObject({
      reason: 'unreadable',
      refusal: { code: 'image_unreadable' },
    });
  });

  it('refuses an image over the pixel limit', async () => {
    const huge = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    await expect(normalisePalmPhoto(huge)).rejects.toMatchObject({
      reason: 'too_many_pixels',
      pixels: 48e6,
      refusal: {
        code: 'image_too_many_pixels',
        detail:
          'This photo has too many pixels (48 megapixels). Please use a photo of at most 40 megapixels.',
      },
    });
  });
});

describe('normalisePalmPhoto under concurrent readings', () => {
  it('decodes one photo at a time, and a refused photo does not hold up the next', async () => {
    const photo = readFileSync(ROTATED_GPS_PALM);
    let busiest = 0;
    let watching = true;
    const watch = async () => {
      while (watching) {
        busiest = Math.max(busiest, sharp.counters().process);
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    const watcher = watch();
    const outcomes = await Promise.allSettled([
      normalisePalmPhoto(photo),
      normalisePalmPhoto(Buffer.from('not an image at all')),
      normalisePalmPhoto(photo),
      normalisePalmPhoto(photo),
    ]);
    watching = false;
    await watcher;

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(busiest).toBe(1);
  });
});
