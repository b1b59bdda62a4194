import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReadingResult } from '@palm/contracts';
import {
  closeDatabase,
  createDiskBlobStore,
  createLogger,
  createMemoryBus,
  startService,
  type MemoryBus,
  type BlobStore,
  type SessionVerifier,
} from '@palm/platform';
import type { PaymentOptions } from '../src/payments/payments.config';
import { readingModule, type ReadingEmailOptions } from '../src/reading.module';
import { createTestPglite } from '../../../tests/support/test-pglite';

export const SAMPLE_RESULT: ReadingResult = {
  sections: [
    {
      area: 'love',
      title: 'Love',
      subtitle: 'Hridaya rekha',
      insights: ['Warm', 'Loyal'],
      content: 'A reading.',
      details: 'Details.',
      basis: ['Heart line: long'],
    },
  ],
  visual_markers: [
    { id: 'm1', label: 'Guru parvat', description: 'Jupiter', style: 'mount', coordinates: { x: 40, y: 30 } },
  ],
  shared: {
    sections: [
      {
        area: 'love',
        title: 'Love',
        subtitle: 'Hridaya rekha',
        insights: ['Warm'],
        content: 'A reading of the palm alone.',
        details: 'Details.',
        basis: ['Heart line: long'],
      },
    ],
    visual_markers: [],
  },
};

/**
 * POSTs `palm` to a harness's /api/reading as a browser would: the response, its body, the new
 * reading's id and the owner cookie the service set (the tests' several makeReading helpers share it).
 */
export async function postReading(
  url: string,
  palm: Buffer,
  options: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  const body = new FormData();
  body.append('palmImage', new Blob([new Uint8Array(palm)], { type: 'image/jpeg' }), 'palm.jpg');
  for (const [name, value] of Object.entries(options.fields ?? {})) body.append(name, value);
  const response = await fetch(`${url}/api/reading`, { method: 'POST', body, headers: options.headers });
  const created = (await response.json()) as { id: string };
  return {
    response,
    created,
    id: created.id,
    cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]!,
  };
}

export type StandInWorkerBehaviour = 'complete' | 'unreadable' | 'silent';

/**
 * The reading service in-process on port 0, on PGlite, the memory bus and a temp disk. A stand-in
 * for the AI worker answers each reading.requested as `behaviour` says, so these tests pin down the
 * reading service's own contract; the real worker is exercised by the pipeline tests.
 */
export async function startReadingHarness(
  options: {
    waitMs?: number;
    email?: ReadingEmailOptions;
    intakeBacklog?: number;
    payments?: PaymentOptions;
    sessions?: SessionVerifier;
    /** What the stand-in worker answers (SAMPLE_RESULT by default). */
    result?: ReadingResult;
  } = {},
) {
  const logger = createLogger('reading-test', 'silent');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'reading-test-'));
  const db = await createTestPglite();
  const bus: MemoryBus = createMemoryBus({ logger, retryDelayMs: () => 5 });
  const disk = createDiskBlobStore(path.join(dataDir, 'blobs'));
  /**
   * Set `outage.blobs` to make the object store refuse connections, as a stopped MinIO does;
   * `outage.putsLeft` to let that many more writes through before it goes.
   */
  const outage = { blobs: false, putsLeft: Infinity };
  const refuse = () =>
    Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' }));
  const blobs: BlobStore = {
    put: (...args) => (outage.blobs || outage.putsLeft-- <= 0 ? refuse() : disk.put(...args)),
    get: (key) => (outage.blobs ? refuse() : disk.get(key)),
    delete: (key) => (outage.blobs ? refuse() : disk.delete(key)),
    deleteFolder: (folder) => (outage.blobs ? refuse() : disk.deleteFolder(folder)),
    isReady: () => Promise.resolve(!outage.blobs),
  };
  const service = await startService(readingModule, {
    env: {},
    logger,
    db,
    bus,
    blobs,
    port: 0,
    host: '127.0.0.1',
    peers: { verifySession: (sessionId) => options.sessions?.verify(sessionId) ?? Promise.resolve(false) },
    deps: {
      waitMs: options.waitMs ?? 5_000,
      ...(options.intakeBacklog === undefined ? {} : { intakeBacklog: options.intakeBacklog }),
      ...(options.email ? { email: options.email } : {}),
      ...(options.payments ? { payments: options.payments } : {}),
    },
  });
  const requested: string[] = [];
  /** Per reading, the extra frames the stand-in worker found stored, as it found them. */
  const framesSeen = new Map<string, Buffer[]>();
  const worker = { behaviour: 'complete' as StandInWorkerBehaviour };
  await bus.consume('aiWorkerReadings', {
    'reading.requested': async ({ payload }) => {
      requested.push(payload.readingId);
      const frames = await Promise.all((payload.frameKeys ?? []).map((key) => disk.get(key)));
      framesSeen.set(
        payload.readingId,
        frames.flatMap((frame) => (frame ? [frame.data] : [])),
      );
      if (worker.behaviour === 'silent') return;
      if (worker.behaviour === 'unreadable') {
        await bus.publish('reading.failed', {
          version: 2,
          readingId: payload.readingId,
          kind: 'unreadable_photo',
          message: 'We could not find an open palm in this photo.',
        });
        return;
      }
      await bus.publish('reading.completed', {
        version: 2,
        readingId: payload.readingId,
        result: options.result ?? SAMPLE_RESULT,
        engine: 'stand-in',
        durationMs: 1,
        flowId: payload.submission.flowId ?? null,
        flowVersion: payload.submission.flowVersion ?? null,
      });
    },
  });

  return {
    url: service.url,
    db,
    bus,
    blobs,
    requested,
    framesSeen,
    worker,
    outage,
    async storedFiles(): Promise<string[]> {
      // Files only: the disk store may leave an emptied directory behind.
      const entries = await readdir(path.join(dataDir, 'blobs'), {
        recursive: true,
        withFileTypes: true,
      }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(path.join(dataDir, 'blobs'), path.join(entry.parentPath, entry.name)))
        .sort();
    },
    async rowCounts() {
      const [readings] = await db('readings').count<{ count: number }[]>({ count: '*' });
      const [outbox] = await db('reading_outbox').count<{ count: number }[]>({ count: '*' });
      return { readings: Number(readings?.count), outbox: Number(outbox?.count) };
    },
    async close() {
      await service.stop();
      await bus.close();
      await closeDatabase(db);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type ReadingHarness = Awaited<ReturnType<typeof startReadingHarness>>;
