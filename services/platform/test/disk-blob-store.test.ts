import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBlobStore, createDiskBlobStore, InvalidBlobKeyError, type BlobStore } from '../src/index';

describe('disk blob store', () => {
  let dir: string;
  let store: BlobStore;

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'palm-blobs-'));
    store = createDiskBlobStore(path.join(dir, 'blobs'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('returns what was put, with its content type, under a nested key', async () => {
    const image = Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]);
    await store.put('originals/abc.jpg', image, 'image/jpeg');

    expect(await store.get('originals/abc.jpg')).toEqual({ data: image, contentType: 'image/jpeg' });
    expect(await readFile(path.join(dir, 'blobs', 'originals', 'abc.jpg'))).toEqual(image);
  });

  it('resolves null for a key never stored', async () => {
    expect(await store.get('originals/missing.jpg')).toBeNull();
  });

  it('replaces an existing blob and its content type, leaving no temp files', async () => {
    await store.put('a/b', Buffer.from('first'), 'text/plain');
    await store.put('a/b', Buffer.from('second'), 'application/json');

    expect(await store.get('a/b')).toEqual({ data: Buffer.from('second'), contentType: 'application/json' });
    const leftovers = (await readdir(path.join(dir, 'blobs', 'a'))).filter((name) => name.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  });

  it('deletes a blob, and deleting a missing one is fine', async () => {
    await store.put('x.png', Buffer.from('png'), 'image/png');
    await store.delete('x.png');
    await store.delete('x.png');

    expect(await store.get('x.png')).toBeNull();
  });

  it('deletes a folder, nested keys and all, and nothing beside it', async () => {
    await store.put('readings/r1/palm.jpg', Buffer.from('palm'), 'image/jpeg');
    await store.put('readings/r1/frames/f1.jpg', Buffer.from('frame'), 'image/jpeg');
    await store.put('readings/r10/palm.jpg', Buffer.from('other'), 'image/jpeg');
    await store.deleteFolder('readings/r1');
    await store.deleteFolder('readings/r1');
    expect(await store.get('readings/r1/palm.jpg')).toBeNull();
    expect(await store.get('readings/r1/frames/f1.jpg')).toBeNull();
    expect(await readdir(path.join(dir, 'blobs', 'readings'))).toEqual(['r10']);
    await expect(store.deleteFolder('../escape')).rejects.toBeInstanceOf(InvalidBlobKeyError);
  });

  it('falls back to application/octet-stream when the sidecar is gone', async () => {
    await store.put('raw', Buffer.from('bytes'), 'image/webp');
    await rm(path.join(dir, 'blobs', '.raw.meta.json'));

    expect(await store.get('raw')).toEqual({
      data: Buffer.from('bytes'),
      contentType: 'application/octet-stream',
    });
  });

  it.each([
    '../escape',
    'a/../../escape',
    '/absolute',
    'a//b',
    '',
    '.hidden',
    'a/.meta',
    'back\\slash',
    'a/b/',
  ])('rejects the key %j before touching the disk', async (key) => {
    await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.get(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidBlobKeyError);
    expect(await readdir(dir)).toEqual([]);
  });

  it('is ready when its directory can be created and written', async () => {
    expect(await store.isReady()).toBe(true);
  });

  it('is not ready when its directory cannot be created', async () => {
    const blocker = path.join(dir, 'a-file');
    await writeFile(blocker, 'not a directory');

    expect(await createDiskBlobStore(path.join(blocker, 'blobs')).isReady()).toBe(false);
  });
});

describe('createBlobStore', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'palm-data-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stores on disk under DATA_DIR/blobs when no S3 endpoint is configured', async () => {
    const store = await createBlobStore({
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      S3_ACCESS_KEY: 'unused',
      S3_SECRET_KEY: 'unused',
      S3_BUCKET: 'unused',
      S3_REGION: 'us-east-1',
    });
    await store.put('k', Buffer.from('v'), 'text/plain');

    expect(await readFile(path.join(dataDir, 'blobs', 'k'), 'utf8')).toBe('v');
  });
});
