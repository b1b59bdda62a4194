import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiWorkerModule } from '@palm/ai-worker';
import {
  closeDatabase,
  createAmqpBus,
  createDatabase,
  createLogger,
  createS3BlobStore,
  startService,
  type BlobStore,
  type Database,
  type MessageBus,
  type StartedService,
} from '@palm/platform';
import { readingModule } from '@palm/reading';
import { openDeadLetterQueue } from '../../scripts/ops/dead-letter-queue';
import { integrationEnv } from '../support/integration-env';
import { palmPhotos, readPhoto, submitReading, waitForReading } from '../support/palm-photos';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { createTestVhost, type TestVhost } from '../support/test-vhost';

/**
 * A reading that failed because the object store was away for longer than the retry budget is
 * not lost: once the store is back, `dlq replay` re-runs the original request on RabbitMQ and the
 * same reading completes. The reading service and the worker run as in distributed mode, each on
 * its own connection, against PostgreSQL, RabbitMQ and S3.
 */
const logger = createLogger('dlq-replay-test', 'silent');
/** Seconds instead of the production quarter of an hour, so the outage outlasts the budget. */
const RETRY_POLICY = { maxAttempts: 3, baseDelayMs: 50, maxDelayMs: 200 };

let database: TestDatabase;
let vhost: TestVhost;
let db: Database;
const buses: MessageBus[] = [];
let reading: StartedService;
let storeDown = false;
let stopServices: () => Promise<void>;

beforeAll(async () => {
  database = await createTestDatabase();
  vhost = await createTestVhost();
  db = await createDatabase({ url: database.url });
  const blobs = await createS3BlobStore({
    ...integrationEnv().s3,
    bucket: `replay-${randomBytes(4).toString('hex')}`,
  });
  // The worker's view of the store: while "down" every read fails as a refused connection does.
  const workerBlobs: BlobStore = {
    ...blobs,
    get: (key) =>
      storeDown ? Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:9000')) : blobs.get(key),
  };
  const readingBus = await createAmqpBus({ url: vhost.url, logger, retryPolicy: RETRY_POLICY });
  const workerBus = await createAmqpBus({ url: vhost.url, logger, retryPolicy: RETRY_POLICY });
  buses.push(readingBus, workerBus);
  // Each module as its own process starts it, with the local narrator (no OPENAI_API_KEY).
  const alone = { logger, db, port: 0, host: '127.0.0.1' };
  reading = await startService(readingModule, {
    ...alone,
    env: { READING_WAIT_MS: '1000' },
    bus: readingBus,
    blobs,
  });
  const worker = await startService(aiWorkerModule, {
    ...alone,
    env: {},
    bus: workerBus,
    blobs: workerBlobs,
  });
  stopServices = async () => {
    await worker.stop();
    await reading.stop();
  };
});

afterAll(async () => {
  await stopServices?.();
  for (const bus of buses) await bus.close();
  if (db) await closeDatabase(db);
  await vhost?.drop();
  await database?.drop();
});

describe('dlq replay on RabbitMQ', () => {
  it('completes a reading that failed during an object-store outage once the store is back', async () => {
    storeDown = true;
    const photo = await readPhoto(palmPhotos().find((file) => file.includes('pos_21')) ?? palmPhotos()[0]!);
    const response = await submitReading(reading.url, photo, { async: true });
    expect(response.status).toBe(202);
    const { id } = (await response.json()) as { id: string };

    const failed = await waitForReading(reading.url, id, 60_000);
    expect(failed.status).toBe('failed');

    const dlq = await openDeadLetterQueue(vhost.url);
    try {
      expect(await dlq.list()).toEqual([
        expect.objectContaining({ event: 'reading.requested', readingId: id }),
      ]);
      storeDown = false;
      const { replayed } = await dlq.replay();
      expect(replayed.map((summary) => summary.readingId)).toEqual([id]);
      // The reading is already "failed", so wait for it to change rather than for any final state.
      let completed = await waitForReading(reading.url, id);
      for (let tries = 0; completed.status === 'failed' && tries < 300; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        completed = await waitForReading(reading.url, id);
      }
      expect(completed.status).toBe('completed');
      expect(completed.reading?.sections.length).toBeGreaterThan(0);
      expect(await dlq.count()).toBe(0);
    } finally {
      await dlq.close();
    }
  });
});
