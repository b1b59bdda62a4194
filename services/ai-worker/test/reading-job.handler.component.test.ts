import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  readingResultSchema,
  type ReadingCompleted,
  type ReadingFailed,
  type ReadingRequested,
} from '@palm/contracts';
import {
  DEFAULT_RETRY_POLICY,
  closeDatabase,
  createDiskBlobStore,
  createLogger,
  createMemoryBus,
  metricsRegistry,
  startService,
  type BlobStore,
  type Database,
  type MemoryBus,
} from '@palm/platform';
import { aiWorkerModule } from '../src/ai-worker.module';
import {
  createPalmObserver,
  PalmReadingEngine,
  RETAKE_MESSAGES,
  type ReadingEngine,
  type ReadingInput,
} from '@palm/palm-engine';
import { MISSING_PHOTO_MESSAGE, PROCESSING_ERROR_MESSAGE } from '../src/worker/reading-job.handler';
import { solidJpeg, submission } from '../../../tests/support/palm-fixtures';
import { readPalm } from '../../../tests/support/palm-photos';
import { createTestPglite } from '../../../tests/support/test-pglite';

const logger = createLogger('ai-worker-test', 'silent');

type Outcome =
  | { name: 'reading.completed'; payload: ReadingCompleted }
  | { name: 'reading.failed'; payload: ReadingFailed };

/** The palm engine, counting its runs; `failNext` makes the next runs throw like a crashed dependency. */
class CountingEngine implements ReadingEngine {
  readonly name = 'palm-local';
  runs = 0;
  failNext = 0;
  /** The extra frames of the last run, as the engine was given them. */
  lastFrames: readonly Buffer[] = [];
  constructor(private readonly local: ReadingEngine) {}
  async read(input: ReadingInput) {
    this.runs++;
    this.lastFrames = (input.frames ?? []).map((frame) => frame.data);
    if (this.failNext > 0) {
      this.failNext--;
      throw new Error('engine dependency unavailable');
    }
    return this.local.read(input);
  }
}

async function waitFor<T>(check: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('reading job handler', () => {
  let db: Database;
  let dir: string;
  let blobs: BlobStore;
  let bus: MemoryBus;
  let engine: CountingEngine;
  let palmEngine: PalmReadingEngine;
  let outcomes: Outcome[];

  let stopWorker: (() => Promise<void>) | undefined;
  const startWorker = async (options: { blobs?: BlobStore; staleClaimAfterMs?: number } = {}) => {
    const worker = await startService(aiWorkerModule, {
      env: {},
      logger,
      db,
      bus,
      blobs: options.blobs ?? blobs,
      port: 0,
      host: '127.0.0.1',
      deps: {
        engine,
        ...(options.staleClaimAfterMs === undefined ? {} : { staleClaimAfterMs: options.staleClaimAfterMs }),
      },
    });
    stopWorker = () => worker.stop();
  };

  /** A job as the reading service publishes it, its photo stored (normalised JPEGs: the fixtures are). */
  const request = async (photo: Buffer | null, overrides: Partial<ReadingRequested> = {}) => {
    const readingId = randomBytes(16).toString('base64url');
    const imageKey = `readings/${readingId}/palm.jpg`;
    if (photo) await blobs.put(imageKey, photo, 'image/jpeg');
    const payload: ReadingRequested = {
      version: 2,
      readingId,
      imageKey,
      submission: submission({ flowId: 3, flowVersion: 2 }),
      requestedAt: new Date().toISOString(),
      ...overrides,
    };
    return { payload, messageId: `requested.${readingId}` };
  };

  const publish = (job: { payload: ReadingRequested; messageId: string }) =>
    bus.publish('reading.requested', job.payload, { messageId: job.messageId });

  const outcomesFor = (readingId: string) => outcomes.filter((o) => o.payload.readingId === readingId);
  const firstOutcome = (readingId: string) => waitFor(() => outcomesFor(readingId)[0]);

  beforeAll(async () => {
    db = await createTestPglite();
    palmEngine = new PalmReadingEngine(await createPalmObserver());
  });
  afterAll(() => closeDatabase(db));

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ai-worker-test-'));
    blobs = createDiskBlobStore(dir);
    bus = createMemoryBus({ logger, retryDelayMs: () => 1 });
    engine = new CountingEngine(palmEngine);
    outcomes = [];
    await bus.consume('readingResults', {
      'reading.completed': (event) => Promise.resolve(void outcomes.push(event)),
      'reading.failed': (event) => Promise.resolve(void outcomes.push(event)),
    });
  });
  afterEach(async () => {
    await stopWorker?.();
    stopWorker = undefined;
    await bus.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads a palm from the stored photo and publishes reading.completed once, keeping the photo', async () => {
    await startWorker();
    const job = await request(readPalm());
    await publish(job);

    const outcome = await firstOutcome(job.payload.readingId);
    await bus.idle();
    expect(outcomesFor(job.payload.readingId)).toHaveLength(1);
    expect(outcome.name).toBe('reading.completed');
    const payload = outcome.payload as ReadingCompleted;
    expect(payload).toMatchObject({
      version: 2,
      engine: 'palm-local',
      flowId: 3,
      flowVersion: 2,
    });
    expect(payload.durationMs).toBeGreaterThanOrEqual(0);
    const areas = readingResultSchema.parse(payload.result).sections.map((section) => section.area);
    expect(areas.filter((area) => area !== 'timeline')).toHaveLength(5);

    expect(payload).not.toHaveProperty('imageKey');
    const stored = await blobs.get(job.payload.imageKey);
    expect(stored?.contentType).toBe('image/jpeg');
    expect((await sharp(stored?.data).metadata()).format).toBe('jpeg');
    expect(engine.runs).toBe(1);

    const row = await db('ai_worker_jobs')
      .where({ reading_id: job.payload.readingId })
      .first<{ status: string }>();
    expect(row?.status).toBe('done');
    const metrics = await metricsRegistry.getSingleMetricAsString('reading_engine_stage_seconds');
    expect(metrics).toContain('stage="engine"');
    expect(metrics).toContain('stage="total"');
  });

  it('hands the engine the stored frames with the photo, and reads on without a frame that is gone', async () => {
    await startWorker();
    const frame = await sharp(readPalm()).resize(400).jpeg().toBuffer();
    const job = await request(readPalm());
    const frameKeys = [1, 2].map((n) => `readings/${job.payload.readingId}/frame-${n}.jpg`);
    await blobs.put(frameKeys[0]!, frame, 'image/jpeg');
    await publish({ ...job, payload: { ...job.payload, frameKeys } });

    const outcome = await firstOutcome(job.payload.readingId);
    expect(outcome.name).toBe('reading.completed');
    expect(engine.lastFrames).toEqual([frame]);
  });

  it('never reads twice: a duplicate message after success republishes the stored outcome', async () => {
    await startWorker();
    const job = await request(readPalm());
    await publish(job);
    await firstOutcome(job.payload.readingId);
    await publish(job);

    await waitFor(() => (outcomesFor(job.payload.readingId).length === 2 ? true : undefined));
    await bus.idle();
    const [first, second] = outcomesFor(job.payload.readingId);
    expect(second).toEqual(first);
    expect(outcomesFor(job.payload.readingId)).toHaveLength(2);
    expect(engine.runs).toBe(1);
  });

  it('gives a duplicate that arrives while the job runs to the delivery already working on it', async () => {
    await startWorker();
    const job = await request(readPalm());
    await Promise.all([publish(job), publish(job)]);

    await firstOutcome(job.payload.readingId);
    await bus.idle();
    expect(outcomesFor(job.payload.readingId)).toHaveLength(1);
    expect(engine.runs).toBe(1);
  });

  it('runs again when the delivery that holds the claim is redelivered after a failure', async () => {
    await startWorker();
    engine.failNext = 1;
    const job = await request(readPalm());
    await publish(job);

    const outcome = await firstOutcome(job.payload.readingId);
    expect(outcome.name).toBe('reading.completed');
    expect(engine.runs).toBe(2);
    expect(await bus.deadLetterCount()).toBe(0);
  });

  it('takes over a stale claim left by a worker that died', async () => {
    await startWorker({ staleClaimAfterMs: 1_000 });
    const job = await request(readPalm());
    await db('ai_worker_jobs').insert({
      reading_id: job.payload.readingId,
      status: 'claimed',
      message_id: 'an-earlier-message',
      attempts: 1,
      updated_at: new Date(Date.now() - 60_000),
    });
    await publish(job);

    expect((await firstOutcome(job.payload.readingId)).name).toBe('reading.completed');
    expect(engine.runs).toBe(1);
  });

  it('fails a photo without a palm at once with the retake advice, without retrying', async () => {
    await startWorker();
    const job = await request(await solidJpeg('#808080'));
    await publish(job);

    const outcome = await firstOutcome(job.payload.readingId);
    await bus.idle();
    expect(outcome).toEqual({
      name: 'reading.failed',
      payload: {
        version: 2,
        readingId: job.payload.readingId,
        kind: 'unreadable_photo',
        message: RETAKE_MESSAGES.no_hand,
      },
    });
    expect(outcomesFor(job.payload.readingId)).toHaveLength(1);
    expect(engine.runs).toBe(1);
    expect(await bus.deadLetterCount()).toBe(0);
  });

  it('fails the reading when its photo is gone', async () => {
    await startWorker();
    const job = await request(null);
    await publish(job);

    const outcome = await firstOutcome(job.payload.readingId);
    expect(outcome.payload).toMatchObject({ kind: 'processing_error', message: MISSING_PHOTO_MESSAGE });
    expect(engine.runs).toBe(0);
  });

  it('retries a failing blob store, then marks the reading failed and dead-letters the message', async () => {
    let reads = 0;
    const failingBlobs: BlobStore = {
      ...blobs,
      get: () => {
        reads++;
        return Promise.reject(new Error('blob store unreachable'));
      },
    };
    await startWorker({ blobs: failingBlobs });
    const job = await request(readPalm());
    await publish(job);

    const outcome = await firstOutcome(job.payload.readingId);
    await waitFor(() => (bus.deadLetters().length === 1 ? true : undefined));
    expect(outcome).toEqual({
      name: 'reading.failed',
      payload: {
        version: 2,
        readingId: job.payload.readingId,
        kind: 'processing_error',
        message: PROCESSING_ERROR_MESSAGE,
      },
    });
    expect(reads).toBe(DEFAULT_RETRY_POLICY.maxAttempts);
    expect(bus.deadLetters()[0]).toMatchObject({ name: 'reading.requested', messageId: job.messageId });
    expect(outcomesFor(job.payload.readingId)).toHaveLength(1);
    expect(engine.runs).toBe(0);
  });

  it('fails a job with an invalid blob key at once and dead-letters it without retrying', async () => {
    await startWorker();
    const job = await request(null, { imageKey: '../../etc/passwd' });
    await publish(job);

    const outcome = await firstOutcome(job.payload.readingId);
    await waitFor(() => (bus.deadLetters().length === 1 ? true : undefined));
    expect(outcome).toMatchObject({ name: 'reading.failed', payload: { kind: 'processing_error' } });
    expect(bus.deadLetters()[0]!.reason).toMatch(/Invalid blob key/);
    await bus.idle();
    expect(outcomesFor(job.payload.readingId)).toHaveLength(1);
  });

  it('completes a reading that gave up during an outage once its dead letter is replayed', async () => {
    let storeDown = true;
    const flakyBlobs: BlobStore = {
      ...blobs,
      get: (key) =>
        storeDown ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000')) : blobs.get(key),
    };
    await startWorker({ blobs: flakyBlobs });
    const job = await request(readPalm());
    await publish(job);
    await waitFor(() => (bus.deadLetters().length === 1 ? true : undefined));
    expect((await firstOutcome(job.payload.readingId)).payload).toMatchObject({ kind: 'processing_error' });

    storeDown = false;
    expect(bus.replayDeadLetters()).toBe(1);
    const completed = await waitFor(() =>
      outcomesFor(job.payload.readingId).find((outcome) => outcome.name === 'reading.completed'),
    );
    expect(completed.payload.readingId).toBe(job.payload.readingId);
    expect(engine.runs).toBe(1);
    expect(bus.deadLetters()).toEqual([]);
  });
});
