import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGE_BYTES } from '@palm/contracts';
import { PALMS_DIR, ROTATED_GPS_PALM } from '../../../tests/support/palm-photos';
import { startReadingHarness, type ReadingHarness } from './reading-test-harness';

/**
 * Extra frames of the same hand (`palmFrames`, #28 item 4): checked and stripped like the photo,
 * handed to the worker, and never kept — not after the reading, not after a refusal.
 */
let harness: ReadingHarness;
let palm: Buffer;
let gpsPalm: Buffer;

beforeAll(async () => {
  palm = await readFile(path.join(PALMS_DIR, 'palm/pos_21_05_Hand_0002764.jpg'));
  gpsPalm = await readFile(ROTATED_GPS_PALM);
  harness = await startReadingHarness();
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.worker.behaviour = 'complete';
});

const jpeg = (bytes: Buffer) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });

function form(frames: Buffer[], image = palm) {
  const body = new FormData();
  body.append('palmImage', jpeg(image), 'palm.jpg');
  frames.forEach((frame, index) => body.append('palmFrames', jpeg(frame), `frame-${index + 1}.jpg`));
  return body;
}

const submit = (body: FormData, headers: Record<string, string> = {}) =>
  fetch(`${harness.url}/api/reading`, { method: 'POST', body, headers });

async function expectRefused(response: Response, status: number, detail: RegExp) {
  expect(response.status).toBe(status);
  const problem = (await response.json()) as { detail: string };
  expect(problem.detail).toMatch(detail);
}

const frameCount = async (id: string) =>
  Number((await harness.db('readings').where({ id }).first<{ frame_count: number }>()).frame_count);

describe('POST /api/reading with palmFrames', () => {
  it('takes four frames, normalised and stripped like the photo, and deletes them once the reading is done', async () => {
    expect((await sharp(gpsPalm).metadata()).exif).toBeDefined();
    const response = await submit(form([gpsPalm, palm, gpsPalm, palm]));
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };

    const seen = harness.framesSeen.get(id)!;
    expect(seen).toHaveLength(4);
    for (const frame of seen) {
      const metadata = await sharp(frame).metadata();
      expect(metadata.format).toBe('jpeg');
      expect(Math.max(metadata.width, metadata.height)).toBeLessThanOrEqual(1024);
      expect(metadata.exif).toBeUndefined();
      expect(frame.includes('GPS')).toBe(false);
    }
    // The upright frame: the EXIF rotation was applied, as for the photo.
    expect(await sharp(seen[0]).metadata()).toMatchObject({ width: 768, height: 1024 });

    // Deleted just after the reading is recorded, so the visitor's answer does not wait for it.
    await vi.waitFor(async () => expect(await frameCount(id)).toBe(0));
    const files = (await harness.storedFiles()).filter((file) => file.startsWith(`readings/${id}/`));
    expect(files.filter((file) => file.includes('frame'))).toEqual([]);
    expect(files).toContain(`readings/${id}/palm.jpg`);
  });

  it('keeps the frames while the reading waits for the worker, under keys beside the photo', async () => {
    harness.worker.behaviour = 'silent';
    const response = await submit(form([palm, palm]), { Prefer: 'respond-async' });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    const files = (await harness.storedFiles()).filter((file) => file.startsWith(`readings/${id}/`));
    expect(files.filter((file) => !file.includes('.meta.'))).toEqual([
      `readings/${id}/frame-1.jpg`,
      `readings/${id}/frame-2.jpg`,
      `readings/${id}/palm.jpg`,
    ]);
    expect(await frameCount(id)).toBe(2);
    await vi.waitFor(() => expect(harness.framesSeen.get(id)).toHaveLength(2));
  });

  it('a reading without frames works as before: no frame keys in its event', async () => {
    const response = await submit(form([]));
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(harness.framesSeen.get(id)).toEqual([]);
  });
});

describe('POST /api/reading with palmFrames refuses and leaves nothing behind', () => {
  let filesBefore: string[];
  let rowsBefore: { readings: number; outbox: number };
  beforeEach(async () => {
    filesBefore = await harness.storedFiles();
    rowsBefore = await harness.rowCounts();
  });
  const expectNothingLeft = async () => {
    expect(await harness.storedFiles()).toEqual(filesBefore);
    expect(await harness.rowCounts()).toEqual(rowsBefore);
  };

  it('more than four frames → 400 with a sentence saying so', async () => {
    await expectRefused(
      await submit(form([palm, palm, palm, palm, palm])),
      400,
      /^Send at most 4 extra frames of your palm \(the field palmFrames\); this form has more\.$/,
    );
    await expectNothingLeft();
  });

  it('a frame that is not a photo → 415 naming the frame, and the photo and other frames are not kept', async () => {
    const notAPhoto = Buffer.from('hello, not a photo');
    await expectRefused(
      await submit(form([palm, notAPhoto, palm])),
      415,
      /^Extra frame 2 \(palmFrames\): This file is not a photo we can read\. Please choose a JPG, PNG or WebP image\.$/,
    );
    await expectNothingLeft();
  });

  it('a frame over 5 MB → 413, like the photo', async () => {
    const big = Buffer.concat([palm, Buffer.alloc(MAX_IMAGE_BYTES)]);
    await expectRefused(await submit(form([big])), 413, /larger than 5 MB/);
    await expectNothingLeft();
  });

  it('photo and frames over 10 MB together → 413 saying the total', async () => {
    const nearlyFive = Buffer.concat([palm, Buffer.alloc(MAX_IMAGE_BYTES - palm.length - 1024)]);
    await expectRefused(
      await submit(form([nearlyFive, nearlyFive], nearlyFive)),
      413,
      /larger than 10 MB together/,
    );
    await expectNothingLeft();
  });

  it('a refused reading (no palm) takes its frames with it', async () => {
    harness.worker.behaviour = 'unreadable';
    await expectRefused(await submit(form([palm, palm, palm])), 422, /could not find an open palm/);
    await expectNothingLeft();
  });

  it('the object store going away mid-intake → 503, and the photo and frame stored before it are removed', async () => {
    // The photo and the first frame are written; the second frame's write fails.
    harness.outage.putsLeft = 2;
    try {
      await expectRefused(await submit(form([palm, palm])), 503, /nothing was saved/);
    } finally {
      harness.outage.putsLeft = Infinity;
    }
    await expectNothingLeft();
  });
});
