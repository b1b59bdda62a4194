import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { integrationEnv } from '../../../tests/support/integration-env';
import { createBlobStore, createS3BlobStore, InvalidBlobKeyError, type BlobStore } from '../src/index';

describe('S3 blob store', () => {
  const bucket = `palm-test-${randomBytes(4).toString('hex')}`;
  let store: BlobStore;

  beforeAll(async () => {
    store = await createS3BlobStore({ ...integrationEnv().s3, bucket });
  });

  it('creates its bucket and reports ready', async () => {
    expect(await store.isReady()).toBe(true);
  });

  it('opens an existing bucket the same way', async () => {
    const again = await createS3BlobStore({ ...integrationEnv().s3, bucket });
    expect(await again.isReady()).toBe(true);
  });

  it('returns what was put, with its content type, under a nested key', async () => {
    const image = randomBytes(64 * 1024);
    await store.put('originals/abc.jpg', image, 'image/jpeg');

    expect(await store.get('originals/abc.jpg')).toEqual({ data: image, contentType: 'image/jpeg' });
  });

  it('resolves null for a missing key, and deleting it twice is fine', async () => {
    await store.put('gone.png', Buffer.from('png'), 'image/png');
    await store.delete('gone.png');
    await store.delete('gone.png');

    expect(await store.get('gone.png')).toBeNull();
    expect(await store.get('never-stored.png')).toBeNull();
  });

  it('deletes a folder, nested keys and all, beyond one listing page, and nothing beside it', async () => {
    const keys = Array.from({ length: 1003 }, (_, index) => `readings/r1/frames/f${index}.jpg`);
    for (let start = 0; start < keys.length; start += 50)
      await Promise.all(
        keys.slice(start, start + 50).map((key) => store.put(key, Buffer.from('x'), 'image/jpeg')),
      );
    await store.put('readings/r1/palm.jpg', Buffer.from('palm'), 'image/jpeg');
    await store.put('readings/r10/palm.jpg', Buffer.from('other'), 'image/jpeg');
    await store.deleteFolder('readings/r1');
    await store.deleteFolder('readings/r1');
    expect(await store.get('readings/r1/palm.jpg')).toBeNull();
    expect(await store.get('readings/r1/frames/f1002.jpg')).toBeNull();
    expect(await store.get('readings/r10/palm.jpg')).not.toBeNull();
    await expect(store.deleteFolder('../escape')).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });

  it('rejects the same keys as the disk store', async () => {
    await expect(store.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(
      InvalidBlobKeyError,
    );
  });

  it('is what createBlobStore builds when S3_ENDPOINT is set', async () => {
    const { endpoint, accessKey, secretKey, region } = integrationEnv().s3;
    const fromConfig = await createBlobStore({
      LOG_LEVEL: 'silent',
      DATA_DIR: '/nonexistent',
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY: accessKey,
      S3_SECRET_KEY: secretKey,
      S3_BUCKET: bucket,
      S3_REGION: region,
    });

    await fromConfig.put('from-config', Buffer.from('hi'), 'text/plain');
    expect(await store.get('from-config')).toEqual({ data: Buffer.from('hi'), contentType: 'text/plain' });
  });

  it('keeps binary content and its type exactly, and a new put replaces the old one', async () => {
    const first = randomBytes(300 * 1024);
    const second = randomBytes(10);
    await store.put('readings/x/palm.jpg', first, 'image/jpeg');
    await store.put('readings/x/palm.jpg', second, 'image/png');
    expect(await store.get('readings/x/palm.jpg')).toEqual({ data: second, contentType: 'image/png' });
  });

  it('fails to start, naming the endpoint, when S3 is down', async () => {
    await expect(
      createS3BlobStore({ ...integrationEnv().s3, endpoint: 'http://127.0.0.1:1', bucket }),
    ).rejects.toThrow(/Cannot use S3 bucket .* at http:\/\/127\.0\.0\.1:1/);
  });
});
