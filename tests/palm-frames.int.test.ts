import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createS3BlobStore, type BlobStore } from '@palm/platform';
import { integrationEnv } from './support/integration-env';
import { PALMS_DIR, readPhoto, TEST_OWNER_COOKIE, waitForReading } from './support/palm-photos';
import { startTestStack, type TestStack } from './support/test-stack';

/**
 * Extra frames of one hand (`palmFrames`, #28 item 4) through the distributed product: the gateway,
 * the reading service, RabbitMQ, the S3 store and the worker's real engine. The frames reach the
 * engine, and none is left in the object store once the reading has ended.
 */
let stack: TestStack;
let blobs: BlobStore;
const workerLines: string[] = [];

const retestHand = async (hand: string) => {
  const dir = path.join(PALMS_DIR, 'retest', hand);
  return Promise.all((await readdir(dir)).sort().map((file) => readPhoto(path.join(dir, file))));
};

beforeAll(async () => {
  stack = await startTestStack({
    env: { READING_RATE_LIMIT_PER_MINUTE: '1000' },
    onOutput: (name, line) => {
      if (name === 'ai-worker') workerLines.push(line);
    },
  });
  blobs = await createS3BlobStore({
    ...integrationEnv().s3,
    bucket: `palm-${stack.vhost.name.replaceAll('_', '-')}`,
  });
});

afterAll(() => stack?.stop());

function submit(photo: Buffer, frames: Buffer[]) {
  const body = new FormData();
  body.append('palmImage', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'palm.jpg');
  for (const frame of frames) {
    body.append('palmFrames', new Blob([new Uint8Array(frame)], { type: 'image/jpeg' }), 'frame.jpg');
  }
  // The owner's cookie: only its browser may see the reading until it is shared.
  return fetch(`${stack.urls.gateway}/api/reading`, {
    method: 'POST',
    body,
    headers: { Cookie: TEST_OWNER_COOKIE },
  });
}

const frameKeys = (id: string) => [1, 2, 3, 4].map((n) => `readings/${id}/frame-${n}.jpg`);

describe('palmFrames through the distributed pipeline', () => {
  it('pools two frames of the same hand into the reading, then deletes them', async () => {
    const [photo, ...frames] = await retestHand('11k-0000525-palmar-right');
    const response = await submit(photo!, frames.slice(0, 2));
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const view = await waitForReading(stack.urls.gateway, id, 5_000);
    expect(view.status).toBe('completed');

    // The worker read the photo with both frames.
    const done = workerLines.find((line) => line.includes(id) && line.includes('reading completed'));
    expect(done).toContain('"frames":2');
    await vi.waitFor(async () => {
      for (const key of frameKeys(id)) expect(await blobs.get(key)).toBeNull();
    });
    expect(await blobs.get(`readings/${id}/palm.jpg`)).not.toBeNull();
  });

  it('refuses a reading whose frame shows the other hand, keeping neither photo nor frame', async () => {
    const [photo] = await retestHand('11k-0000525-palmar-right');
    const [otherHand] = await retestHand('11k-0000055-palmar-left');
    const response = await submit(photo!, [otherHand!]);
    expect(response.status).toBe(422);
    const problem = (await response.json()) as { detail: string };
    expect(problem.detail).toMatch(/^Your photos show both your left and your right hand\. /);
    const refused = workerLines.find(
      (line) => line.includes('cannot be read') && line.includes('both your left'),
    );
    const id = /"readingId":"([\w-]{22})"/.exec(refused ?? '')?.[1];
    expect(id).toBeDefined();
    for (const key of [`readings/${id}/palm.jpg`, ...frameKeys(id!)]) expect(await blobs.get(key)).toBeNull();
  });
});
