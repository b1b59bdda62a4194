import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { ReadingView } from '@palm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postReading, startReadingHarness, type ReadingHarness } from './reading-test-harness';
import { samplePalmJpeg } from '../../../tests/support/sample-report';

const run = promisify(execFile);
let harness: ReadingHarness;
let workDir: string;
/** The sample palm with a GPS position and a camera owner written into it, as a phone would. */
let palmWithGps: Buffer;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'palm-variants-'));
  const plain = path.join(workDir, 'palm.jpg');
  await writeFile(plain, await samplePalmJpeg());
  await run('exiftool', [
    '-q',
    '-overwrite_original',
    '-GPSLatitude=51.5007',
    '-GPSLatitudeRef=N',
    '-GPSLongitude=0.1246',
    '-GPSLongitudeRef=W',
    '-Artist=Visitor Name',
    plain,
  ]);
  palmWithGps = await readFile(plain);
  harness = await startReadingHarness();
});
afterAll(async () => {
  await harness.close();
  await rm(workDir, { recursive: true, force: true });
});

const get = (pathname: string, cookie?: string) =>
  fetch(`${harness.url}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });

async function makeReading() {
  const { response, id, cookie } = await postReading(harness.url, palmWithGps);
  expect(response.status).toBe(200);
  const view = (await (await get(`/api/reading/${id}`, cookie)).json()) as ReadingView;
  return { id, cookie, view };
}

/** The tags exiftool reads in a file, by group (EXIF, GPS, XMP, ICC_Profile, File…). */
async function metadataGroups(data: Buffer): Promise<string[]> {
  const file = path.join(workDir, `probe-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, data);
  const { stdout } = await run('exiftool', ['-j', '-G', file]);
  const [tags] = JSON.parse(stdout) as Record<string, unknown>[];
  return [...new Set(Object.keys(tags!).map((tag) => tag.split(':')[0]!))];
}

const srcsetUrls = (srcset: string) =>
  srcset.split(', ').map((entry) => entry.split(' ') as [string, string]);

describe('the palm photo in the report’s sizes and formats', () => {
  it('gives the view the photo’s size and a srcset of WebP and JPEG copies no wider than it', async () => {
    const { id, cookie, view } = await makeReading();
    const original = await get(view.palmUrl!, cookie);
    const stored = await sharp(Buffer.from(await original.arrayBuffer())).metadata();
    expect(view.palmImage).toMatchObject({ width: stored.width, height: stored.height });
    const widths = [320, 480, 640, 800].filter((width) => width < stored.width);
    expect(srcsetUrls(view.palmImage!.srcset.webp)).toEqual(
      [...widths, stored.width].map((width) => [`/api/reading/${id}/image/${width}.webp`, `${width}w`]),
    );
    // The JPEG at full width is the stored photo itself.
    expect(srcsetUrls(view.palmImage!.srcset.jpeg)).toEqual([
      ...widths.map((width) => [`/api/reading/${id}/image/${width}.jpg`, `${width}w`]),
      [`/api/reading/${id}/image`, `${stored.width}w`],
    ]);
  });

  it('serves every srcset entry at the width it names, in its format, without the upload’s GPS or EXIF', async () => {
    const { cookie, view } = await makeReading();
    // The upload carried them, so their absence below is the product's doing.
    expect(await metadataGroups(palmWithGps)).toEqual(expect.arrayContaining(['EXIF']));
    for (const [format, type] of [
      ['webp', 'image/webp'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      for (const [url, descriptor] of srcsetUrls(view.palmImage!.srcset[format])) {
        const response = await get(url, cookie);
        expect(response.status, url).toBe(200);
        expect(response.headers.get('content-type'), url).toBe(type);
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        const data = Buffer.from(await response.arrayBuffer());
        const { width, height, format: actual } = await sharp(data).metadata();
        expect(actual, url).toBe(format);
        expect(`${width}w`, url).toBe(descriptor);
        // Same proportions as the photo, to the pixel.
        expect(Math.abs(height - (width * view.palmImage!.height) / view.palmImage!.width)).toBeLessThan(1);
        const groups = await metadataGroups(data);
        for (const group of ['EXIF', 'GPS', 'XMP', 'ICC_Profile', 'IPTC'])
          expect(groups, url).not.toContain(group);
      }
    }
  });

  it('makes each copy once and keeps it beside the photo, smaller than the photo', async () => {
    const { id, cookie, view } = await makeReading();
    const url = `/api/reading/${id}/image/480.webp`;
    const first = Buffer.from(await (await get(url, cookie)).arrayBuffer());
    expect(await harness.storedFiles()).toContain(`readings/${id}/palm-480.webp`);
    const again = Buffer.from(await (await get(url, cookie)).arrayBuffer());
    expect(again.equals(first)).toBe(true);
    const photo = Buffer.from(await (await get(view.palmUrl!, cookie)).arrayBuffer());
    expect(first.length).toBeLessThan(photo.length / 2);
  });

  it('answers 404 for a width or format it does not offer, and stores nothing for it', async () => {
    const { id, cookie, view } = await makeReading();
    const before = await harness.storedFiles();
    for (const variant of [
      '500.webp',
      `${view.palmImage!.width + 1}.webp`,
      '2048.jpg',
      '320.png',
      '320.avif',
      '0320.webp',
      '320',
      '..%2Fpalm.jpg',
    ]) {
      const response = await get(`/api/reading/${id}/image/${variant}`, cookie);
      expect(response.status, variant).toBe(404);
      expect(await response.text()).not.toMatch(/at \w+ \(/);
    }
    expect(await harness.storedFiles()).toEqual(before);
  });

  it('shows a copy to exactly whom the photo shows: the owner, and others only while shared', async () => {
    const { id, cookie } = await makeReading();
    const url = `/api/reading/${id}/image/320.webp`;
    const forStranger = async () => (await get(url)).status;
    expect((await get(url, cookie)).status).toBe(200);
    // A private reading: a stranger gets the same 404 as the photo route and an unknown id.
    expect(await forStranger()).toBe(404);
    expect((await get(`/api/reading/${id}/image`)).status).toBe(404);
    expect((await get(`/api/reading/AAAAAAAAAAAAAAAAAAAAAA/image/320.webp`)).status).toBe(404);
    const share = (shared: boolean) =>
      fetch(`${harness.url}/api/reading/${id}/sharing`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Cookie: cookie },
        body: JSON.stringify({ shared }),
      });
    await share(true);
    const shared = await get(url);
    expect(shared.status).toBe(200);
    // Kept by that browser at most, and never reused without asking (so Stop sharing holds).
    expect(shared.headers.get('cache-control')).toBe('private, no-cache');
    await share(false);
    expect(await forStranger()).toBe(404);
  });

  it('is gone with the reading: every copy deleted, every URL 404', async () => {
    const { id, cookie, view } = await makeReading();
    const urls = [view.palmImage!.srcset.webp, view.palmImage!.srcset.jpeg].flatMap((srcset) =>
      srcsetUrls(srcset).map(([url]) => url),
    );
    for (const url of urls) expect((await get(url, cookie)).status).toBe(200);
    expect(
      (await harness.storedFiles()).filter((file) => file.startsWith(`readings/${id}/palm-`)),
    ).not.toEqual([]);
    const deleted = await fetch(`${harness.url}/api/reading/${id}`, {
      method: 'DELETE',
      headers: { Cookie: cookie },
    });
    expect(deleted.status).toBe(204);
    expect((await harness.storedFiles()).filter((file) => file.includes(id))).toEqual([]);
    for (const url of urls) expect((await get(url, cookie)).status, url).toBe(404);
  });
});
