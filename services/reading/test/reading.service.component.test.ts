import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES, type ReadingCompleted } from '@palm/contracts';
import { normalisePalmPhoto } from '@palm/palm-photo';
import { PALMS_DIR, ROTATED_GPS_PALM } from '../../../tests/support/palm-photos';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_RESULT, startReadingHarness, type ReadingHarness } from './reading-test-harness';

let harness: ReadingHarness;
let palm: Buffer;

beforeAll(async () => {
  palm = await readFile(path.join(PALMS_DIR, 'palm/pos_21_05_Hand_0002764.jpg'));
  harness = await startReadingHarness();
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.worker.behaviour = 'complete';
});

function form(
  image: Buffer | undefined,
  fields: Record<string, string> = {},
  filename = 'palm.jpg',
  type = 'image/jpeg',
) {
  const body = new FormData();
  if (image) body.append('palmImage', new Blob([new Uint8Array(image)], { type }), filename);
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

/** The owner cookie of this file's browser: its readings open to it alone (none is shared here). */
let ownerCookie = '';

async function submit(body: FormData, headers: Record<string, string> = {}) {
  const response = await fetch(`${harness.url}/api/reading`, {
    method: 'POST',
    body,
    headers: { ...(ownerCookie ? { Cookie: ownerCookie } : {}), ...headers },
  });
  ownerCookie ||= (response.headers.get('set-cookie') ?? '').split(';')[0]!;
  return response;
}

/** GET as the browser that made the readings. */
const ownerGet = (pathname: string) =>
  fetch(`${harness.url}${pathname}`, { headers: { Cookie: ownerCookie } });

async function expectRefused(response: Response, status: number, detail: RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const problem = (await response.json()) as { detail: string; status: number };
  expect(problem.status).toBe(status);
  expect(problem.detail).toMatch(detail);
  expect(JSON.stringify(problem)).not.toMatch(/at .+\.ts:\d+/);
}

describe('POST /api/reading', () => {
  it('accepts a photo of exactly 5 MiB', async () => {
    const exactly = Buffer.concat([palm, Buffer.alloc(MAX_IMAGE_BYTES - palm.length)]);
    expect(exactly.length).toBe(5 * 1024 * 1024);
    const response = await submit(form(exactly));
    expect(response.status).toBe(200);
  });

  it('answers the id of a finished reading, with an unguessable id', async () => {
    const response = await submit(
      form(palm, { focusAreas: '["money","Spiritual Growth"]', dominantHand: 'left' }),
    );
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const view = (await (await ownerGet(`/api/reading/${id}`)).json()) as Record<string, unknown>;
    expect(view).toMatchObject({ id, status: 'completed', palmUrl: `/api/reading/${id}/image`, error: null });
    expect((view.reading as { sections: unknown[] }).sections).toHaveLength(1);

    const stored = await harness.db('readings').where({ id }).first<{ submission: unknown }>();
    expect(stored.submission).toMatchObject({ dominantHand: 'left', focusAreas: ['money', 'spiritual'] });
  });

  it('fills the spec defaults for fields left out, and records that the visitor gave none of them', async () => {
    const { id } = (await (await submit(form(palm))).json()) as { id: string };
    const stored = await harness.db('readings').where({ id }).first<{ submission: unknown }>();
    expect(stored.submission).toEqual({
      dominantHand: 'right',
      age: '26-35',
      maritalStatus: 'single',
      hasChildren: 'no',
      focusAreas: ['love', 'career'],
      flowResponses: {},
      given: [],
    });
  });

  it('records which answers the visitor gave: the form’s own list, or else the fields it carried', async () => {
    const carried = await submit(form(palm, { age: '46-55', focusAreas: '["money"]' }));
    const { id } = (await carried.json()) as { id: string };
    const stored = await harness.db('readings').where({ id }).first<{ submission: { given: string[] } }>();
    expect(stored.submission.given.sort()).toEqual(['age', 'focusAreas']);

    const listed = await submit(
      form(palm, { age: '46-55', maritalStatus: 'single', given: '["maritalStatus"]' }),
    );
    const listedId = ((await listed.json()) as { id: string }).id;
    const row = await harness
      .db('readings')
      .where({ id: listedId })
      .first<{ submission: { given: string[] } }>();
    expect(row.submission.given).toEqual(['maritalStatus']);

    const bad = await submit(form(palm, { given: '["shoeSize"]' }));
    expect(bad.status).toBe(400);
  });

  it('keeps a written answer with tabs and line breaks, and non-ASCII text, as written', async () => {
    const flowResponses = { question_1: 'Mostly calm.\n\tSometimes not — ça va 😀', question_2: ['Love'] };
    const response = await submit(
      form(palm, { flowResponses: JSON.stringify(flowResponses), maritalStatus: 'verheiratet, glücklich' }),
    );
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const stored = await harness.db('readings').where({ id }).first<{ submission: unknown }>();
    expect(stored.submission).toMatchObject({ flowResponses, maritalStatus: 'verheiratet, glücklich' });
  });

  it('ids differ on every reading', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () => ((await (await submit(form(palm))).json()) as { id: string }).id),
    );
    expect(new Set(ids).size).toBe(3);
  });

  it('answers 202 at once with Prefer: respond-async', async () => {
    harness.worker.behaviour = 'silent';
    const response = await submit(form(palm), { Prefer: 'respond-async' });
    expect(response.status).toBe(202);
    const body = (await response.json()) as { id: string; status: string };
    expect(body.status).toBe('queued');
    const view = (await (await ownerGet(`/api/reading/${body.id}`)).json()) as { status: string };
    expect(view.status).toBe('queued');
  });

  it("answers the engine's retake advice when the photo shows no palm", async () => {
    harness.worker.behaviour = 'unreadable';
    await expectRefused(await submit(form(palm)), 422, /could not find an open palm/);
  });

  it('takes a photo sent in many pieces whole, with or without a Content-Length', async () => {
    // Large enough to arrive in many socket reads, as a phone photo does.
    const photo = await sharp(palm).resize(2400).jpeg({ quality: 95 }).toBuffer();
    expect(photo.length).toBeGreaterThan(256 * 1024);
    const expected = await normalisePalmPhoto(photo);
    const encoded = new Response(form(photo));
    const contentType = encoded.headers.get('content-type')!;
    const body = new Uint8Array(await encoded.arrayBuffer());
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < body.length; offset += 1000) {
          controller.enqueue(body.subarray(offset, offset + 1000));
        }
        controller.close();
      },
    });
    for (const sent of [body, chunked]) {
      const response = await fetch(`${harness.url}/api/reading`, {
        method: 'POST',
        body: sent,
        headers: { 'content-type': contentType, Cookie: ownerCookie },
        duplex: 'half',
      });
      expect(response.status).toBe(200);
      const { id } = (await response.json()) as { id: string };
      const stored = await ownerGet(`/api/reading/${id}/image`);
      // Normalising is deterministic: a byte lost or changed in transit would change the result.
      expect(Buffer.from(await stored.arrayBuffer()).equals(expected.data)).toBe(true);
    }
  });

  it('takes in a photo while two slow phones are still sending theirs', async () => {
    const encoded = new Response(form(palm));
    const contentType = encoded.headers.get('content-type')!;
    const body = new Uint8Array(await encoded.arrayBuffer());
    let finishSending!: () => void;
    const slowPhonesDone = new Promise<void>((resolve) => (finishSending = resolve));
    // Half the form now, the rest only when the test says: a phone on a slow link.
    const slowUpload = () =>
      fetch(`${harness.url}/api/reading`, {
        method: 'POST',
        headers: { 'content-type': contentType, Prefer: 'respond-async' },
        duplex: 'half',
        body: new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(body.subarray(0, body.length >> 1));
            await slowPhonesDone;
            controller.enqueue(body.subarray(body.length >> 1));
            controller.close();
          },
        }),
      });
    const slow = [slowUpload(), slowUpload()];
    const third = submit(form(palm), { Prefer: 'respond-async' });
    const stuck = new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 15_000).unref());
    const answer = await Promise.race([third, stuck]);
    finishSending();
    expect(answer).not.toBe('stuck');
    expect((answer as Response).status).toBe(202);
    for (const response of await Promise.all(slow)) expect(response.status).toBe(202);
  }, 30_000);

  it('stores only the normalised photo, before the worker sees it: upright, ≤ 1024 px, no EXIF or GPS', async () => {
    harness.worker.behaviour = 'silent';
    const filesBefore = await harness.storedFiles();
    const original = await readFile(ROTATED_GPS_PALM);
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const response = await submit(form(original), { Prefer: 'respond-async' });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };
    // The disk store keeps each blob's content type beside it.
    const added = (await harness.storedFiles()).filter((file) => !filesBefore.includes(file));
    expect(added).toEqual([`readings/${id}/.palm.jpg.meta.json`, `readings/${id}/palm.jpg`]);

    const stored = Buffer.from(await (await ownerGet(`/api/reading/${id}/image`)).arrayBuffer());
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: 768, height: 1024 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
    expect(stored.includes('GPS')).toBe(false);
  });

  it('reads an older (version 1) result, and keeps the photo it stored whatever key that result names', async () => {
    harness.worker.behaviour = 'silent';
    const response = await submit(form(palm), { Prefer: 'respond-async' });
    const { id } = (await response.json()) as { id: string };
    const before = Buffer.from(await (await ownerGet(`/api/reading/${id}/image`)).arrayBuffer());
    // As a worker's stored outcome from before version 2 is republished: the contract still reads it.
    const olderResult = {
      version: 1,
      readingId: id,
      imageKey: '../../etc/passwd',
      result: SAMPLE_RESULT,
      engine: 'stand-in',
      durationMs: 1,
      flowId: null,
      flowVersion: null,
    };
    await harness.bus.publish('reading.completed', olderResult as unknown as ReadingCompleted);
    await expect
      .poll(async () => (await harness.db('readings').where({ id }).first<{ status: string }>())?.status)
      .toBe('completed');
    const image = await ownerGet(`/api/reading/${id}/image`);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(before)).toBe(true);
  });

  it('serves the stored palm image with nosniff, and never to be cached (sharing can be stopped)', async () => {
    const { id } = (await (await submit(form(palm))).json()) as { id: string };
    const image = await ownerGet(`/api/reading/${id}/image`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toBe('no-store');
  });

  it("serves the photo without reading the reading's text (a photo request never parses or sanitises it)", async () => {
    const { id } = (await (await submit(form(palm))).json()) as { id: string };
    await harness
      .db('readings')
      .where({ id })
      .update({ result: JSON.stringify('{not json') });
    expect((await ownerGet(`/api/reading/${id}`)).status).toBe(500);
    const image = await ownerGet(`/api/reading/${id}/image`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('POST /api/reading refuses bad input and stores nothing', () => {
  let before: { readings: number; outbox: number };
  let filesBefore: string[];
  let requestedBefore: number;
  beforeEach(async () => {
    before = await harness.rowCounts();
    filesBefore = await harness.storedFiles();
    requestedBefore = harness.requested.length;
  });
  const expectNothingStored = async () => {
    expect(await harness.rowCounts()).toEqual(before);
    expect(await harness.storedFiles()).toEqual(filesBefore);
    // No outbox row was written (above); whatever was already on the bus has been handled.
    await harness.bus.idle();
    expect(harness.requested.length).toBe(requestedBefore);
  };

  it('a photo over 5 MB → 413', async () => {
    const big = Buffer.concat([palm, Buffer.alloc(5 * 1024 * 1024)]);
    await expectRefused(await submit(form(big)), 413, /larger than 5 MB/);
    await expectNothingStored();
  });

  it('a photo of 5 MiB + 1 byte → 413', async () => {
    const oneTooMany = Buffer.concat([palm, Buffer.alloc(MAX_IMAGE_BYTES + 1 - palm.length)]);
    await expectRefused(await submit(form(oneTooMany)), 413, /larger than 5 MB/);
    await expectNothingStored();
  });

  it('a NUL character in a text field → 400 naming the field', async () => {
    await expectRefused(
      await submit(form(palm, { age: '3\u00000' })),
      400,
      /^age contains a control character/,
    );
    await expectNothingStored();
  });

  it('flowResponses nested 8 000 lists deep → 400 naming the field, with no lasting memory growth', async () => {
    const deep = '['.repeat(8_000) + ']'.repeat(8_000);
    const nested = /^flowResponses is nested too deeply: at most \d+ levels/;
    await expectRefused(await submit(form(palm, { flowResponses: deep })), 400, nested);
    const rssBefore = process.memoryUsage().rss;
    for (let request = 0; request < 5; request += 1) {
      await expectRefused(await submit(form(palm, { flowResponses: deep })), 400, nested);
    }
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(20 * 1024 * 1024);
    await expectNothingStored();
  });

  it('focusAreas as a deeply nested object → 400 naming the field', async () => {
    const deep = '{"a":'.repeat(6_000) + '1' + '}'.repeat(6_000);
    await expectRefused(
      await submit(form(palm, { focusAreas: deep })),
      400,
      /^focusAreas is nested too deeply/,
    );
    await expectNothingStored();
  });

  it.each([
    [
      'an escape character in a one-line field',
      { maritalStatus: 'single\u001b[2J' },
      /^maritalStatus contains a control character/,
    ],
    [
      'a line break in a choice',
      { flowResponses: JSON.stringify({ question_3: ['Love\nand more'] }) },
      /^flowResponses\.question_3\.0 contains a control character/,
    ],
    [
      'a bell in a written answer',
      { flowResponses: JSON.stringify({ question_2: 'ding\u0007' }) },
      /^flowResponses\.question_2 contains a control character .*only tabs and line breaks/,
    ],
  ])('%s → 400 naming the field', async (_case, fields, detail) => {
    await expectRefused(await submit(form(palm, fields)), 400, detail);
    await expectNothingStored();
  });

  it('a text field that is not valid UTF-8 → 400 naming the field', async () => {
    const boundary = 'palm-boundary';
    const part = (headers: string, content: Buffer) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), content, Buffer.from('\r\n')]);
    const body = Buffer.concat([
      part(
        'Content-Disposition: form-data; name="palmImage"; filename="palm.jpg"\r\nContent-Type: image/jpeg',
        palm,
      ),
      // "café" with é written as one latin1 byte: busboy alone would have turned it into U+FFFD.
      part('Content-Disposition: form-data; name="maritalStatus"', Buffer.from('caf\xe9', 'latin1')),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const response = await fetch(`${harness.url}/api/reading`, {
      method: 'POST',
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    await expectRefused(response, 400, /^maritalStatus is not valid UTF-8 text/);
    await expectNothingStored();
  });

  it('an unpaired surrogate in a free-text answer → 400 naming the field', async () => {
    const flowResponses = JSON.stringify({ question_2: 'half a pair \ud800 here' });
    await expectRefused(
      await submit(form(palm, { flowResponses })),
      400,
      /^flowResponses\.question_2 contains a character that cannot be stored/,
    );
    await expectNothingStored();
  });

  it('the object store down → 503 with Retry-After and a human message, nothing stored', async () => {
    harness.outage.blobs = true;
    try {
      const response = await submit(form(palm));
      expect(response.headers.get('retry-after')).toBe('5');
      await expectRefused(response, 503, /try again in a moment — nothing was saved/);
    } finally {
      harness.outage.blobs = false;
    }
    await expectNothingStored();
  });

  it('a refused photo (no palm) and its reading are deleted at once', async () => {
    harness.worker.behaviour = 'unreadable';
    await expectRefused(await submit(form(palm)), 422, /could not find an open palm/);
    expect(await harness.rowCounts()).toEqual(before);
    expect(await harness.storedFiles()).toEqual(filesBefore);
  });

  it('a text file named .jpg with an image type → 415', async () => {
    await expectRefused(
      await submit(form(Buffer.from('hello, not a photo'), {}, 'palm.jpg')),
      415,
      /not a photo/,
    );
    await expectNothingStored();
  });

  it('a GIF → 415', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    await expectRefused(await submit(form(gif, {}, 'palm.gif', 'image/gif')), 415, /JPG, PNG or WebP/);
    await expectNothingStored();
  });

  it('a truncated JPEG → 422', async () => {
    await expectRefused(
      await submit(form(palm.subarray(0, palm.length / 2))),
      422,
      /could not open this photo/,
    );
    await expectNothingStored();
  });

  it('an image over 40 megapixels → 422', async () => {
    const bomb = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await expectRefused(await submit(form(bomb, {}, 'bomb.png', 'image/png')), 422, /too many pixels/);
    await expectNothingStored();
  });

  it.each([
    ['focusAreas', 'love,career', /focusAreas must be valid JSON/],
    ['focusAreas', '["astrology"]', /Unknown focus area/],
    ['flowResponses', '{oops', /flowResponses must be valid JSON/],
    ['dominantHand', 'both', /dominantHand/],
    ['hasChildren', 'maybe', /hasChildren/],
    ['flowId', 'abc', /flowId must be a whole number/],
  ])('%s = %s → 400', async (field, value, detail) => {
    await expectRefused(await submit(form(palm, { [field]: value })), 400, detail);
    await expectNothingStored();
  });

  it('no photo → 400', async () => {
    await expectRefused(await submit(form(undefined, { age: '26-35' })), 400, /Please add a photo/);
    await expectNothingStored();
  });

  it('two photos → 400', async () => {
    const body = form(palm);
    body.append('palmImage', new Blob([new Uint8Array(palm)], { type: 'image/jpeg' }), 'again.jpg');
    await expectRefused(await submit(body), 400, /one photo/);
    await expectNothingStored();
  });

  it('a JSON body instead of multipart → 400', async () => {
    const response = await fetch(`${harness.url}/api/reading`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await expectRefused(response, 400, /multipart\/form-data/);
    await expectNothingStored();
  });

  it('a broken multipart body → 400', async () => {
    const response = await fetch(`${harness.url}/api/reading`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="palmImage"; filename="a.jpg"\r\n\r\n\xff\xd8',
    });
    expect(response.status).toBe(400);
    await expectNothingStored();
  });
});

describe('GET /api/reading/{id}', () => {
  it('an unknown id → 404 problem', async () => {
    await expectRefused(
      await fetch(`${harness.url}/api/reading/AAAAAAAAAAAAAAAAAAAAAA`),
      404,
      /does not exist/,
    );
  });
  it('a malformed id → 404 problem', async () => {
    await expectRefused(await fetch(`${harness.url}/api/reading/1`), 404, /does not exist/);
    await expectRefused(await fetch(`${harness.url}/api/reading/1/image`), 404, /does not exist/);
  });
});
