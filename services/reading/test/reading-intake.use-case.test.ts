import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { SUBMISSION_DEFAULTS, type ReadingSubmission } from '@palm/contracts';
import { createLogger, type BlobStore } from '@palm/platform';
import { createCompletionWaiter } from '../src/completion-waiter';
import { createReadingIntake } from '../src/intake/reading-intake';
import type { ReadingRecord, ReadingRepository } from '../src/reading.repository';

/** Intake as a use case: no Express, no sockets, no database — the steps and what each leaves behind. */

const SUBMISSION: ReadingSubmission = {
  ...SUBMISSION_DEFAULTS,
  focusAreas: [...SUBMISSION_DEFAULTS.focusAreas],
  flowResponses: {},
};

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 150, b: 120 } } })
    .jpeg()
    .toBuffer();

function memoryBlobs(): BlobStore & { keys(): string[]; failPuts: boolean } {
  const stored = new Map<string, { data: Buffer; contentType: string }>();
  return {
    failPuts: false,
    keys: () => [...stored.keys()].sort(),
    put(key, data, contentType) {
      if (this.failPuts) return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000'));
      stored.set(key, { data: Buffer.from(data), contentType });
      return Promise.resolve();
    },
    get: (key) => Promise.resolve(stored.get(key) ?? null),
    delete(key) {
      stored.delete(key);
      return Promise.resolve();
    },
    deleteFolder(folder) {
      for (const key of stored.keys()) if (key.startsWith(`${folder}/`)) stored.delete(key);
      return Promise.resolve();
    },
    isReady: () => Promise.resolve(true),
  };
}

interface Inserted {
  row: { id: string; imageKey: string; frameCount: number; submission: ReadingSubmission; ownerHash: string };
  event: { name: string; messageId: string; payload: Record<string, unknown> };
}

/** The repository calls intake makes, over a map; `readings` holds what a reading looks like now. */
function memoryRepository() {
  const inserted: Inserted[] = [];
  const readings = new Map<string, Partial<ReadingRecord>>();
  const removed: string[] = [];
  let failInsert = false;
  const repository = {
    insertWithEvent(row: Inserted['row'], event: Inserted['event']) {
      if (failInsert) return Promise.reject(new Error('connection terminated unexpectedly'));
      inserted.push({ row, event });
      readings.set(row.id, { id: row.id, status: 'queued', imageKey: row.imageKey, error: null });
      return Promise.resolve();
    },
    find: (id: string) => Promise.resolve(readings.get(id) as ReadingRecord | undefined),
    remove(id: string) {
      removed.push(id);
      readings.delete(id);
      return Promise.resolve();
    },
  };
  return {
    repository: repository as unknown as ReadingRepository,
    inserted,
    readings,
    removed,
    failInserts: () => (failInsert = true),
  };
}

let blobs: ReturnType<typeof memoryBlobs>;
let store: ReturnType<typeof memoryRepository>;
let kicks: number;
let waiter: ReturnType<typeof createCompletionWaiter>;
let intake: ReturnType<typeof createReadingIntake>;
let ownerAsked: number;
const owner = () => {
  ownerAsked += 1;
  return 'owner-hash';
};

beforeEach(() => {
  blobs = memoryBlobs();
  store = memoryRepository();
  kicks = 0;
  ownerAsked = 0;
  waiter = createCompletionWaiter(store.repository, 20);
  intake = createReadingIntake({
    repository: store.repository,
    blobs,
    relay: { start: () => undefined, stop: () => Promise.resolve(), kick: () => void (kicks += 1) },
    waiter,
    logger: createLogger('intake-test', 'silent'),
  });
});

describe('submitReading', () => {
  it('stores the normalised photo and frames, records the reading with its event and wakes the relay', async () => {
    // Copied into memory of its own, as an upload is read from the socket.
    const image = Buffer.from(await photo(1600, 1200));
    const frame = await photo(800, 600);
    const accepted = await intake.submitReading({ image, frames: [frame], submission: SUBMISSION, owner });

    expect(accepted.frameCount).toBe(1);
    const folder = `readings/${accepted.id}`;
    expect(blobs.keys()).toEqual([`${folder}/frame-1.jpg`, `${folder}/palm.jpg`]);
    const stored = await blobs.get(`${folder}/palm.jpg`);
    expect(await sharp(stored!.data).metadata()).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
    expect(store.inserted).toHaveLength(1);
    const [{ row, event }] = store.inserted as [Inserted];
    expect(row).toMatchObject({ id: accepted.id, frameCount: 1, ownerHash: 'owner-hash' });
    expect(event).toMatchObject({
      name: 'reading.requested',
      messageId: accepted.id,
      payload: {
        version: 2,
        readingId: accepted.id,
        imageKey: `${folder}/palm.jpg`,
        frameKeys: [`${folder}/frame-1.jpg`],
        submission: SUBMISSION,
      },
    });
    expect(ownerAsked).toBe(1);
    expect(kicks).toBe(1);
    // The uploads' memory was given back as soon as they were read.
    expect(image.length).toBe(0);
  });

  it('leaves frameKeys out of the event when there are no frames', async () => {
    await intake.submitReading({ image: await photo(600, 800), frames: [], submission: SUBMISSION, owner });
    expect(store.inserted[0]!.event.payload).not.toHaveProperty('frameKeys');
  });

  it('refuses a file that is not a photo with 415, storing nothing and setting no owner', async () => {
    const refused = intake.submitReading({
      image: Buffer.from('not a photo at all'),
      frames: [],
      submission: SUBMISSION,
      owner,
    });
    await expect(refused).rejects.toMatchObject({
      status: 415,
      detail: 'This file is not a photo we can read. Please choose a JPG, PNG or WebP image.',
      options: { code: 'unsupported_image_type' },
    });
    expect(blobs.keys()).toEqual([]);
    expect(store.inserted).toHaveLength(0);
    expect(ownerAsked).toBe(0);
    expect(kicks).toBe(0);
  });

  it('names the extra frame that was refused', async () => {
    const broken = (await photo(400, 400)).subarray(0, 300);
    const refused = intake.submitReading({
      image: await photo(400, 400),
      frames: [await photo(400, 400), broken],
      submission: SUBMISSION,
      owner,
    });
    await expect(refused).rejects.toMatchObject({
      status: 422,
      detail: expect.stringMatching(/^Extra frame 2 \(palmFrames\): We could not open this photo/) as string,
      options: { code: 'image_unreadable' },
    });
    expect(blobs.keys()).toEqual([]);
  });

  it('records nothing for a visitor who left while the photo was read', async () => {
    const left = new AbortController();
    left.abort(new Error('the upload was interrupted'));
    const submitted = intake.submitReading(
      { image: await photo(400, 400), frames: [], submission: SUBMISSION, owner },
      left.signal,
    );
    await expect(submitted).rejects.toThrow('the upload was interrupted');
    expect(blobs.keys()).toEqual([]);
    expect(store.inserted).toHaveLength(0);
    expect(ownerAsked).toBe(0);
  });

  it('removes the photos it stored when the database refuses the reading, and passes the failure on', async () => {
    store.failInserts();
    const submitted = intake.submitReading({
      image: await photo(400, 400),
      frames: [await photo(400, 400)],
      submission: SUBMISSION,
      owner,
    });
    await expect(submitted).rejects.toThrow('connection terminated unexpectedly');
    expect(blobs.keys()).toEqual([]);
    expect(kicks).toBe(0);
  });

  it('stores nothing when the object store is away', async () => {
    blobs.failPuts = true;
    const submitted = intake.submitReading({
      image: await photo(400, 400),
      frames: [],
      submission: SUBMISSION,
      owner,
    });
    await expect(submitted).rejects.toThrow(/ECONNREFUSED/);
    expect(store.inserted).toHaveLength(0);
  });
});

describe('awaitReading', () => {
  async function accepted() {
    return intake.submitReading({ image: await photo(400, 400), frames: [], submission: SUBMISSION, owner });
  }

  function finish(id: string, reading: Partial<ReadingRecord>) {
    store.readings.set(id, { ...store.readings.get(id), ...reading });
    waiter.notify(id);
  }

  it('answers completed as soon as the worker’s result is stored', async () => {
    const { id } = await accepted();
    const outcome = intake.awaitReading(id, 60_000);
    setImmediate(() => finish(id, { status: 'completed' }));
    expect(await outcome).toEqual({ status: 'completed' });
  });

  it('turns a photo without a readable palm into its refusal and removes the reading', async () => {
    const { id } = await accepted();
    finish(id, { status: 'failed', failureKind: 'unreadable_photo', error: 'Hold your open palm closer.' });
    expect(await intake.awaitReading(id, 60_000)).toEqual({
      status: 'refused',
      refusal: { code: 'unreadable_photo', detail: 'Hold your open palm closer.' },
    });
    expect(store.removed).toEqual([id]);
  });

  it('passes a processing failure on with its message, keeping the reading', async () => {
    const { id } = await accepted();
    finish(id, { status: 'failed', failureKind: 'processing_error', error: null });
    expect(await intake.awaitReading(id, 60_000)).toEqual({
      status: 'failed',
      message: 'Failed to generate reading',
    });
    expect(store.removed).toEqual([]);
  });

  it('answers where the reading stands when the wait ends first', async () => {
    const { id } = await accepted();
    store.readings.set(id, { ...store.readings.get(id), status: 'processing' });
    expect(await intake.awaitReading(id, 30)).toEqual({ status: 'processing' });
  });

  it('reads a wait that failed as still queued: the reading was accepted', async () => {
    const { id } = await accepted();
    store.repository.find = () => Promise.reject(new Error('connection terminated unexpectedly'));
    expect(await intake.awaitReading(id, 60_000)).toEqual({ status: 'queued' });
  });
});

describe('withdrawReading', () => {
  it('removes the reading and its photos', async () => {
    const reading = await intake.submitReading({
      image: await photo(400, 400),
      frames: [await photo(400, 400)],
      submission: SUBMISSION,
      owner,
    });
    await intake.withdrawReading(reading);
    expect(store.removed).toEqual([reading.id]);
    expect(blobs.keys()).toEqual([]);
  });
});
