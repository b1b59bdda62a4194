import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PALMS_DIR } from '../../../tests/support/palm-photos';
import { palmForm, rawUpload, type RawUpload } from '../../../tests/support/raw-upload';
import { startReadingHarness, type ReadingHarness } from './reading-test-harness';

/**
 * Intake under pressure, over real sockets: a bounded line of waiting uploads, and nothing kept of
 * an upload or a reading whose visitor left.
 */
let harness: ReadingHarness;
let form: { body: Buffer; contentType: string };
/**
 * How long the pipeline may take to settle: a photo's normalising and its hand-off to the worker
 * outlast vitest's 1 s default on a 2-core machine running the other suites beside this one.
 */
const SETTLED = { timeout: 10_000 };

beforeAll(async () => {
  form = palmForm(await readFile(path.join(PALMS_DIR, 'palm/pos_21_05_Hand_0002764.jpg')));
  harness = await startReadingHarness({ intakeBacklog: 1 });
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.worker.behaviour = 'complete';
});

/**
 * An upload from `localAddress` that takes one of intake's places and stalls mid-photo: the server
 * answers `100 Continue` as it hands the request to the app, which asks intake for a place in the
 * same turn; only then does the first part of the body follow.
 */
async function stalledUpload(localAddress: string): Promise<RawUpload> {
  const upload = rawUpload(harness.url, {
    localAddress,
    form,
    sendBytes: 0,
    headers: { Expect: '100-continue' },
  });
  await upload.waitFor(/100 Continue/);
  upload.socket.write(form.body.subarray(0, 4_096));
  return upload;
}

async function expectNothingStored() {
  expect(await harness.rowCounts()).toEqual({ readings: 0, outbox: 0 });
  expect(await harness.storedFiles()).toEqual([]);
  expect(harness.requested).toEqual([]);
}

describe('POST /api/reading under pressure', () => {
  it('answers 503 with Retry-After and stores nothing once the line of waiting uploads is full', async () => {
    const holder = await stalledUpload('127.0.0.1');
    // The same visitor's next upload waits its turn (one place per client): the line is now full.
    const waiting = rawUpload(harness.url, { localAddress: '127.0.0.1', form });
    await waiting.waitFor(/102 Processing/);
    const refused = rawUpload(harness.url, { localAddress: '127.0.0.1', form });
    await refused.closed;

    expect(refused.status()).toBe(503);
    expect(refused.header('Retry-After')).toBe('10');
    expect((JSON.parse(refused.body()) as { detail: string }).detail).toMatch(
      /Many palm photos are arriving right now\. .*nothing was saved/,
    );
    waiting.socket.destroy();
    holder.socket.destroy();
    await Promise.all([waiting.closed, holder.closed]);
    await expectNothingStored();
  });

  it('withdraws a reading accepted just before its visitor left: no row, no event left, no photo', async () => {
    harness.worker.behaviour = 'silent';
    const visitor = rawUpload(harness.url, { localAddress: '127.0.0.3', form });
    await vi.waitFor(() => expect(harness.requested).toHaveLength(1), SETTLED);
    visitor.socket.destroy();
    await vi.waitFor(async () => {
      expect(await harness.rowCounts()).toEqual({ readings: 0, outbox: 0 });
      expect(await harness.storedFiles()).toEqual([]);
    }, SETTLED);
  });

  it('withdraws a reading with extra frames whose visitor left: its frames go with its photo', async () => {
    harness.worker.behaviour = 'silent';
    const photo = await readFile(path.join(PALMS_DIR, 'palm/pos_21_05_Hand_0002764.jpg'));
    const body = new FormData();
    for (const field of ['palmImage', 'palmFrames', 'palmFrames']) {
      body.append(field, new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'palm.jpg');
    }
    const encoded = new Response(body);
    const withFrames = {
      body: Buffer.from(await encoded.arrayBuffer()),
      contentType: encoded.headers.get('content-type')!,
    };
    const requestedBefore = harness.requested.length;
    const visitor = rawUpload(harness.url, { localAddress: '127.0.0.4', form: withFrames });
    await vi.waitFor(() => expect(harness.requested.length).toBe(requestedBefore + 1), SETTLED);
    const id = harness.requested.at(-1)!;
    await vi.waitFor(() => expect(harness.framesSeen.get(id)).toHaveLength(2), SETTLED);
    visitor.socket.destroy();
    await vi.waitFor(async () => {
      expect(await harness.rowCounts()).toEqual({ readings: 0, outbox: 0 });
      expect(await harness.storedFiles()).toEqual([]);
    }, SETTLED);
  });

  it('keeps nothing of an upload whose visitor leaves while it waits, and the line moves on', async () => {
    const requestedBefore = harness.requested.length;
    const holder = await stalledUpload('127.0.0.2');
    const leaving = rawUpload(harness.url, { localAddress: '127.0.0.2', form });
    await leaving.waitFor(/102 Processing/);
    leaving.socket.destroy();
    holder.socket.destroy();
    await Promise.all([leaving.closed, holder.closed]);

    const next = rawUpload(harness.url, {
      localAddress: '127.0.0.2',
      form,
      headers: { Prefer: 'respond-async' },
    });
    await next.closed;
    expect(next.status()).toBe(202);
    const { id } = JSON.parse(next.body()) as { id: string };
    await vi.waitFor(() => expect(harness.requested.slice(requestedBefore)).toEqual([id]), SETTLED);
    expect(await harness.rowCounts()).toEqual({ readings: 1, outbox: 1 });
    const files = await harness.storedFiles();
    expect(files).toContain(`readings/${id}/palm.jpg`);
    expect(files.filter((file) => !file.startsWith(`readings/${id}/`))).toEqual([]);
  });
});
