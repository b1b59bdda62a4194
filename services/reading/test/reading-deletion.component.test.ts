import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postReading, SAMPLE_RESULT, startReadingHarness, type ReadingHarness } from './reading-test-harness';
import { samplePalmJpeg } from '../../../tests/support/sample-report';

let harness: ReadingHarness;
let palm: Buffer;
const forgotten: string[] = [];

beforeAll(async () => {
  palm = await samplePalmJpeg();
  harness = await startReadingHarness();
  // Stands in for the AI worker's side of a deletion.
  await harness.bus.consume('aiWorkerDeletions', {
    'reading.deleted': ({ payload }) => Promise.resolve(void forgotten.push(payload.readingId)),
  });
});
afterAll(() => harness.close());

async function makeReading() {
  const { response, id, cookie } = await postReading(harness.url, palm);
  expect(response.status).toBe(200);
  return { id, cookie };
}

const call = (pathname: string, cookie?: string, method = 'GET') =>
  fetch(`${harness.url}${pathname}`, { method, headers: cookie ? { Cookie: cookie } : {} });

describe('DELETE /api/reading/{id} (disk storage)', () => {
  it('removes the photo, frames, PDFs, card, answers and text at once; every URL answers 404 after', async () => {
    const { id, cookie } = await makeReading();
    const other = await makeReading();
    await fetch(`${harness.url}/api/reading/${id}/sharing`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ shared: true }),
    });
    for (const suffix of ['/pdf', '/card.png'])
      expect((await call(`/api/reading/${id}${suffix}`, cookie)).status).toBe(200);
    expect((await call(`/api/reading/${id}/pdf`)).status).toBe(200);
    // Another part of the product may keep more beside it, under names this service does not know.
    await harness.blobs.put(`readings/${id}/frames/0.jpg`, Buffer.from('frame'), 'image/jpeg');
    const before = await harness.storedFiles();
    // PDF names carry a hash of the site origin their link points to.
    expect(
      before
        .filter((file) => file.startsWith(`readings/${id}/`) && !/(^|\/)\./.test(file))
        .map((file) => file.slice(`readings/${id}/`.length).replace(/-[0-9a-f]{12}\.pdf$/, '.pdf'))
        .sort(),
    ).toEqual(['card-outline.png', 'frames/0.jpg', 'palm.jpg', 'report-shared.pdf', 'report.pdf']);

    // A stranger may open the shared reading but not delete it.
    const stranger = await call(`/api/reading/${id}`, undefined, 'DELETE');
    expect(stranger.status).toBe(403);
    expect(((await stranger.json()) as { detail: string }).detail).toMatch(
      /Only the browser that made this reading can delete it/,
    );
    expect(await harness.storedFiles()).toEqual(before);

    const deleted = await call(`/api/reading/${id}`, cookie, 'DELETE');
    expect(deleted.status).toBe(204);
    expect((await harness.storedFiles()).filter((file) => file.includes(id))).toEqual([]);
    expect((await harness.storedFiles()).some((file) => file.includes(other.id))).toBe(true);
    for (const suffix of ['', '/image', '/pdf', '/card.png', '/page', '/sharing']) {
      expect((await call(`/api/reading/${id}${suffix}`, cookie)).status, suffix).toBe(404);
      expect((await call(`/api/reading/${id}${suffix}`)).status, suffix).toBe(404);
    }
    expect(await harness.db('readings').where({ id }).first()).toBeUndefined();
    // The answers travelled in reading.requested: that message goes too; only the deletion names it.
    expect(
      await harness.db('reading_outbox').whereRaw("payload->>'readingId' = ?", [id]).pluck('event_name'),
    ).toEqual(['reading.deleted']);
    await expect.poll(() => forgotten, { timeout: 10_000 }).toContain(id);
    expect((await call(`/api/reading/${id}`, cookie, 'DELETE')).status).toBe(404);
  });

  it('has the worker forget again an outcome that arrives after the deletion, and keeps nothing of it', async () => {
    const { id, cookie } = await makeReading();
    expect((await call(`/api/reading/${id}`, cookie, 'DELETE')).status).toBe(204);
    await expect.poll(() => forgotten.filter((readingId) => readingId === id)).toHaveLength(1);

    // The worker was reading the photo as it went: it stores its outcome and publishes it.
    await harness.bus.publish('reading.completed', {
      version: 2,
      readingId: id,
      result: SAMPLE_RESULT,
      engine: 'stand-in',
      durationMs: 5,
      flowId: null,
      flowVersion: null,
    });
    await harness.bus.publish('reading.failed', {
      version: 2,
      readingId: id,
      kind: 'processing_error',
      message: 'We could not read your palm this time.',
    });
    await expect.poll(() => forgotten.filter((readingId) => readingId === id)).toHaveLength(2);
    expect(await harness.db('readings').where({ id }).first()).toBeUndefined();
    expect((await call(`/api/reading/${id}`, cookie)).status).toBe(404);
  });

  it('answers a private reading’s stranger and a bad id with 404, and changes nothing', async () => {
    const { id } = await makeReading();
    const before = await harness.rowCounts();
    expect((await call(`/api/reading/${id}`, undefined, 'DELETE')).status).toBe(404);
    expect((await call('/api/reading/not-an-id', undefined, 'DELETE')).status).toBe(404);
    expect(await harness.rowCounts()).toEqual(before);
  });

  it('keeps the reading when the store is away, says to try again, and deletes it on the next press', async () => {
    const { id, cookie } = await makeReading();
    harness.outage.blobs = true;
    try {
      const refused = await call(`/api/reading/${id}`, cookie, 'DELETE');
      expect(refused.status).toBe(503);
    } finally {
      harness.outage.blobs = false;
    }
    expect((await call(`/api/reading/${id}`, cookie)).status).toBe(200);
    expect((await call(`/api/reading/${id}`, cookie, 'DELETE')).status).toBe(204);
    expect((await harness.storedFiles()).filter((file) => file.includes(id))).toEqual([]);
  });
});
