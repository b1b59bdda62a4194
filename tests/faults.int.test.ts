import { readFile } from 'node:fs/promises';
import { connect } from 'amqplib';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amqpTopology } from '@palm/platform';
import { startProcessStack, type ProcessStack } from '../scripts/distributed/process-stack';
import { integrationEnv } from './support/integration-env';
import {
  palmPhotos,
  readPhoto,
  submitReading,
  TEST_OWNER_COOKIE,
  waitForReading,
  type ReadingViewBody,
} from './support/palm-photos';
import {
  startPrivatePostgres,
  startPrivateRabbitMq,
  startPrivateS3,
  type PrivatePostgres,
  type PrivateRabbitMq,
  type PrivateS3,
} from './support/private-infra';

/**
 * The fault suite: the distributed mode on a PostgreSQL cluster, a RabbitMQ node and an s3rver of
 * its own (other ports, temp directories), so that it may take each of them away without touching
 * the machine's shared servers. For each fault a batch of 40 readings goes in while the fault
 * happens, through a client that honours Retry-After; every reading must complete, once, with no
 * 500 at intake, nothing lost, stuck, duplicated or dead-lettered.
 */
const BATCH = 40;
const CONCURRENCY = 8;
/** Retries in seconds, not minutes: long enough in all (≈ 3 min) to outlast a 60 s outage. */
const RETRY_ENV = { BUS_RETRY_BASE_MS: '1000', BUS_RETRY_MAX_MS: '8000', BUS_RETRY_MAX_ATTEMPTS: '30' };

let pg: PrivatePostgres;
let rabbit: PrivateRabbitMq;
let s3: PrivateS3;
let stack: ProcessStack;
let db: Knex;
let photo: Buffer;

beforeAll(async () => {
  [pg, rabbit, s3] = await Promise.all([startPrivatePostgres(), startPrivateRabbitMq(), startPrivateS3()]);
  stack = await startProcessStack({
    freePorts: true,
    compiledDir: integrationEnv().compiledServer,
    env: {
      DATABASE_URL: pg.url,
      AMQP_URL: rabbit.url,
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_BUCKET: 'palm-faults',
      // One test address stands in for many visitors: neither its rate nor its uploads are capped.
      READING_RATE_LIMIT_PER_MINUTE: '10000',
      UPLOADS_PER_CLIENT: '100',
      LOG_LEVEL: 'warn',
      ...RETRY_ENV,
    },
    // Errors and crashes of the services show in the test output, to say why a fault was not survived.
    onOutput: (name, line) => {
      if (/"level":(50|60)|exited|Uncaught|uncaught/.test(line))
        console.error(`${name} | ${line.slice(0, 600)}`);
    },
  });
  db = knex({ client: 'pg', connection: pg.url, pool: { min: 0, max: 2 } });
  photo = await readPhoto(palmPhotos().find((file) => file.includes('pos_21'))!);
}, 300_000);

afterAll(async () => {
  await db?.destroy();
  await stack?.stop();
  await Promise.allSettled([pg?.stop(), rabbit?.stop(), s3?.stop()]);
}, 120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Submission {
  id: string;
  statuses: number[];
}

/** Sends one reading until it is accepted, waiting as Retry-After says between tries. */
async function submitHonouringRetryAfter(): Promise<Submission> {
  const statuses: number[] = [];
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const response = await submitReading(stack.urls.gateway, photo, { async: true }).catch(() => undefined);
    statuses.push(response?.status ?? 0);
    if (response?.status === 202) return { id: ((await response.json()) as { id: string }).id, statuses };
    const retryAfter = Number(response?.headers.get('retry-after') ?? 1);
    await response?.body?.cancel();
    if (response && response.status !== 503) {
      throw new Error(`intake answered ${response.status}: ${statuses.join(',')}`);
    }
    await sleep(retryAfter * 1000);
  }
  throw new Error(`not accepted within 180 s: ${statuses.join(',')}`);
}

/** The batch goes in over about 10 s (a visitor every 250 ms), so the fault meets it half-way. */
async function submitBatch(): Promise<Submission[]> {
  const results: Submission[] = [];
  let next = 0;
  let failure: Error | undefined;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, lane) => {
      await sleep(lane * 250);
      while (next < BATCH && failure === undefined) {
        next += 1;
        const started = Date.now();
        try {
          results.push(await submitHonouringRetryAfter());
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
        }
        await sleep(Math.max(0, CONCURRENCY * 250 - (Date.now() - started)));
      }
    }),
  );
  if (failure !== undefined) throw failure;
  return results;
}

async function view(id: string): Promise<ReadingViewBody | undefined> {
  const response = await fetch(`${stack.urls.gateway}/api/reading/${id}`, {
    headers: { Cookie: TEST_OWNER_COOKIE },
  }).catch(() => undefined);
  if (!response?.ok) return undefined;
  return (await response.json()) as ReadingViewBody;
}

async function waitUntilFinished(ids: string[], timeoutMs: number): Promise<Map<string, string>> {
  const states = new Map<string, string>();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const id of ids) {
      if (states.get(id) === 'completed' || states.get(id) === 'failed') continue;
      const current = await view(id);
      if (current) states.set(id, current.status);
    }
    if (ids.every((id) => states.get(id) === 'completed' || states.get(id) === 'failed')) break;
    await sleep(1_000);
  }
  return states;
}

async function deadLetters(): Promise<number> {
  const connection = await connect(rabbit.url);
  try {
    const channel = await connection.createChannel();
    return (await channel.checkQueue(amqpTopology().deadLetterQueue)).messageCount;
  } finally {
    await connection.close();
  }
}

/** Runs one batch with `fault` injected while it goes in, and checks the whole outcome. */
async function batchSurvives(fault: () => Promise<void>) {
  const startedAt = new Date();
  const submitting = submitBatch();
  await sleep(3_000);
  await fault();
  const submissions = await submitting;
  const ids = submissions.map((submission) => submission.id);
  const states = await waitUntilFinished(ids, 240_000);

  const statuses = submissions.flatMap((submission) => submission.statuses);
  expect(statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
  expect(new Set(ids).size).toBe(BATCH);
  expect(ids.filter((id) => states.get(id) !== 'completed')).toEqual([]);

  // Nothing half-stored, stuck or doubled: exactly the accepted readings exist, each finished,
  // each handled by one worker job, and nothing waits in the outbox or the dead-letter queue.
  const rows = await db('readings')
    .where('created_at', '>=', startedAt)
    .select<{ id: string; status: string }[]>('id', 'status');
  expect(rows.map((row) => row.id).sort()).toEqual([...ids].sort());
  const jobs = await db('ai_worker_jobs').whereIn('reading_id', ids).select<{ status: string }[]>('status');
  expect(jobs).toHaveLength(BATCH);
  expect(jobs.every((job) => job.status === 'done')).toBe(true);
  const pending = await db('reading_outbox')
    .whereNull('published_at')
    .count<{ count: string }[]>({ count: '*' });
  expect(Number(pending[0]!.count)).toBe(0);
  expect(await deadLetters()).toBe(0);
  return { retried: statuses.filter((status) => status === 503).length };
}

/** The resident memory of a stack process, from the kernel's own account of it. */
async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) * 1024;
}

describe('hostile input against the distributed reading service', () => {
  it('answers a 16 KB flowResponses nested 8 000 deep with 400, stays up and keeps its memory', async () => {
    const pid = stack.pid('reading')!;
    // A few bytes stand in for the photo: the structure is refused before the photo is looked at.
    const deepRequest = () =>
      submitReading(stack.urls.gateway, Buffer.alloc(1024, 0xff), {
        fields: { flowResponses: '['.repeat(8_000) + ']'.repeat(8_000) },
      });
    const first = await deepRequest();
    expect(first.status).toBe(400);
    expect(((await first.json()) as { detail: string }).detail).toMatch(
      /^flowResponses is nested too deeply/,
    );

    const rssBefore = await residentBytes(pid);
    const answers = await Promise.all(Array.from({ length: 20 }, deepRequest));
    for (const answer of answers) {
      expect(answer.status).toBe(400);
      await answer.body?.cancel();
    }
    expect((await residentBytes(pid)) - rssBefore).toBeLessThan(20 * 1024 * 1024);

    // The same process still takes readings: nothing crashed or restarted it.
    expect(stack.pid('reading')).toBe(pid);
    const honest = await submitReading(stack.urls.gateway, photo, { async: true });
    expect(honest.status).toBe(202);
    const { id } = (await honest.json()) as { id: string };
    expect((await waitForReading(stack.urls.gateway, id, 120_000)).status).toBe('completed');
  }, 180_000);
});

describe('the pipeline under faults (own PostgreSQL, RabbitMQ and S3)', () => {
  it('rides out the object store being down for 60 s', async () => {
    const { retried } = await batchSurvives(async () => {
      await s3.down();
      setTimeout(() => void s3.up(), 60_000);
    });
    expect(retried).toBeGreaterThan(0);
  }, 600_000);

  it('rides out a PostgreSQL restart', async () => {
    await batchSurvives(() => pg.restart());
  }, 600_000);

  it('rides out a RabbitMQ restart', async () => {
    await batchSurvives(() => rabbit.restart());
  }, 600_000);

  it('rides out the worker being killed mid-batch', async () => {
    await batchSurvives(async () => {
      await stack.kill('ai-worker', 'SIGKILL');
      await stack.start('ai-worker');
    });
  }, 600_000);
});
