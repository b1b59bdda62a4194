import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { connect } from 'amqplib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReadingFailed } from '@palm/contracts';
import {
  PermanentMessageError,
  amqpTopology,
  createAmqpBus,
  createLogger,
  type MessageBus,
  type MessageContext,
} from '@palm/platform';
import { FULL_RESULT } from '../support/sample-report';
import { openDeadLetterQueue, type DeadLetterQueue } from '../../scripts/ops/dead-letter-queue';
import { createTestVhost, type TestVhost } from '../support/test-vhost';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);
const logger = createLogger('dlq-test', 'silent');
const topology = amqpTopology();

const failed = (readingId: string): ReadingFailed => ({
  version: 2,
  readingId,
  kind: 'processing_error',
  message: 'The reading engine failed.',
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function queueDepths(url: string): Promise<Record<string, number>> {
  const connection = await connect(url);
  try {
    const channel = await connection.createChannel();
    const names = [...Object.values(topology.queues), topology.deadLetterQueue];
    const depths = await Promise.all(
      names.map(async (name) => (await channel.checkQueue(name)).messageCount),
    );
    return Object.fromEntries(names.map((name, index) => [name, depths[index]!]));
  } finally {
    await connection.close();
  }
}

/** Publishes `reading.failed` events that the results consumer rejects at once, then stops consuming. */
async function deadLetterFailedEvents(url: string, readingIds: string[]): Promise<void> {
  const bus = await createAmqpBus({ url, logger });
  try {
    await bus.consume('readingResults', {
      'reading.completed': () => Promise.resolve(),
      'reading.failed': () => Promise.reject(new PermanentMessageError('the reading row is corrupt')),
    });
    for (const readingId of readingIds) {
      await bus.publish('reading.failed', failed(readingId), { requestId: `req-${readingId}` });
    }
    await waitFor(async () => (await bus.deadLetterCount()) === readingIds.length);
  } finally {
    await bus.close();
  }
}

const dlqCli = (url: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'scripts/dlq.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, AMQP_URL: url },
  });

describe('dead-letter tooling against RabbitMQ', () => {
  let vhost: TestVhost;
  let dlq: DeadLetterQueue | undefined;
  let bus: MessageBus | undefined;

  beforeEach(async () => {
    vhost = await createTestVhost();
  });
  afterEach(async () => {
    await bus?.close();
    await dlq?.close();
    bus = undefined;
    dlq = undefined;
    await vhost.drop();
  });

  it('lists a poison message with why it died, and replay hands it back to a consumer as new', async () => {
    await deadLetterFailedEvents(vhost.url, ['poisonReading000000001']);
    dlq = await openDeadLetterQueue(vhost.url);

    const listed = await dlq.list();
    expect(listed).toEqual([
      expect.objectContaining({
        event: 'reading.failed',
        readingId: 'poisonReading000000001',
        requestId: 'req-poisonReading000000001',
        queue: 'reading.results',
        reason: 'rejected',
        deaths: 1,
      }),
    ]);
    expect(await dlq.count()).toBe(1);

    const { replayed } = await dlq.replay();
    expect(replayed.map((summary) => summary.readingId)).toEqual(['poisonReading000000001']);
    expect(await dlq.count()).toBe(0);

    const received: { readingId: string; context: MessageContext }[] = [];
    bus = await createAmqpBus({ url: vhost.url, logger });
    await bus.consume('readingResults', {
      'reading.completed': () => Promise.resolve(),
      'reading.failed': ({ payload }, context) => {
        received.push({ readingId: payload.readingId, context });
        return Promise.resolve();
      },
    });
    await waitFor(() => Promise.resolve(received.length === 1));
    expect(received[0]).toEqual({
      readingId: 'poisonReading000000001',
      context: {
        messageId: listed[0]!.messageId,
        attempt: 1,
        maxAttempts: 10,
        replayed: true,
        requestId: 'req-poisonReading000000001',
      },
    });
    expect(await bus.deadLetterCount()).toBe(0);
  });

  it('replays a message only into the queue it died in, not every queue bound to its event', async () => {
    bus = await createAmqpBus({ url: vhost.url, logger });
    let resultsHandled = 0;
    await bus.consume('readingResults', {
      'reading.completed': () => {
        resultsHandled += 1;
        return Promise.resolve();
      },
      'reading.failed': () => Promise.resolve(),
    });
    await bus.consume('flowAnalytics', {
      'reading.completed': () => Promise.reject(new PermanentMessageError('analytics table missing')),
    });
    await bus.publish('reading.completed', {
      version: 2,
      readingId: 'completedReading000001',
      result: FULL_RESULT,
      engine: 'local',
      durationMs: 900,
      flowId: 1,
      flowVersion: 2,
    });
    await waitFor(async () => resultsHandled === 1 && (await bus!.deadLetterCount()) === 1);
    await bus.close();
    bus = undefined;

    dlq = await openDeadLetterQueue(vhost.url);
    const { replayed } = await dlq.replay();
    expect(replayed).toEqual([expect.objectContaining({ queue: 'flow.reading-completed' })]);
    expect(await queueDepths(vhost.url)).toMatchObject({
      'flow.reading-completed': 1,
      'reading.results': 0,
      [topology.deadLetterQueue]: 0,
    });
  });

  it('replays only the reading asked for and leaves the others in place', async () => {
    await deadLetterFailedEvents(vhost.url, ['firstReading0000000001', 'secondReading000000002']);
    dlq = await openDeadLetterQueue(vhost.url);

    const outcome = await dlq.replay({ readingId: 'secondReading000000002' });
    expect(outcome.replayed.map((summary) => summary.readingId)).toEqual(['secondReading000000002']);
    expect(outcome.skipped).toBe(1);
    expect((await dlq.list()).map((summary) => summary.readingId)).toEqual(['firstReading0000000001']);
  });

  it('the npm run dlq command lists, and purges only when confirmed', async () => {
    await deadLetterFailedEvents(vhost.url, ['cliReading000000000001']);

    const list = await dlqCli(vhost.url, 'list');
    expect(list.stdout).toContain('1 dead-lettered message(s)');
    expect(list.stdout).toMatch(
      /reading\.failed .*reading cliReading000000000001 .*died in reading\.results \(rejected\)/,
    );

    const refused = await dlqCli(vhost.url, 'purge').then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toMatch(/Refusing to purge without confirmation/);
    expect((await queueDepths(vhost.url))[topology.deadLetterQueue]).toBe(1);

    const purged = await dlqCli(vhost.url, 'purge', '--yes');
    expect(purged.stdout).toContain('purged 1 message(s)');
    expect((await queueDepths(vhost.url))[topology.deadLetterQueue]).toBe(0);
  });
});
