import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { connect } from 'amqplib';
import { afterEach, describe, expect, it } from 'vitest';
import { integrationEnv } from '../../../tests/support/integration-env';
import { startPrivateRabbitMq } from '../../../tests/support/private-infra';
import { amqpTopology, createAmqpBus, type AmqpBusOptions } from '../src/bus/amqp-bus';
import { PermanentMessageError, type MessageBus } from '../src/bus/message-bus';
import { runWithRequestId } from '../src/logging/request-context';
import { failedEvent, resultHandlers, silentLogger, sleep, waitFor, type Received } from './bus-fixtures';

const AMQP_URL = integrationEnv().amqpUrl;
const run = promisify(execFile);

const openBuses: MessageBus[] = [];
const namespaces: string[] = [];

function newNamespace(): string {
  const namespace = `test-${randomUUID().slice(0, 8)}.`;
  namespaces.push(namespace);
  return namespace;
}

async function openBus(namespace: string, options: Partial<AmqpBusOptions> = {}): Promise<MessageBus> {
  const bus = await createAmqpBus({
    url: AMQP_URL,
    logger: silentLogger,
    namespace,
    retryPolicy: { maxAttempts: 5, baseDelayMs: 20, maxDelayMs: 200 },
    ...options,
  });
  openBuses.push(bus);
  return bus;
}

async function deleteTopology(namespace: string): Promise<void> {
  const connection = await connect(AMQP_URL);
  try {
    const channel = await connection.createChannel();
    const topology = amqpTopology(namespace);
    for (const queue of [...Object.values(topology.queues), topology.deadLetterQueue]) {
      await channel.deleteQueue(queue);
    }
    await channel.deleteExchange(topology.exchange);
    await channel.deleteExchange(topology.deadLetterExchange);
  } finally {
    await connection.close();
  }
}

/** Closes this namespace's broker connections from the broker's side, as an outage would. */
async function killConnections(namespace: string): Promise<void> {
  const { stdout } = await run('rabbitmqctl', [
    'list_connections',
    'pid',
    'client_properties',
    '-q',
    '--no-table-headers',
  ]);
  const pids = stdout
    .split('\n')
    .filter((line) => line.includes(`palm-bus ${namespace}`))
    .map((line) => line.split('\t')[0]!);
  expect(pids.length).toBeGreaterThan(0);
  for (const pid of pids) await run('rabbitmqctl', ['close_connection', pid, 'test kills the connection']);
}

afterEach(async () => {
  await Promise.allSettled(openBuses.splice(0).map((bus) => bus.close()));
  for (const namespace of namespaces.splice(0)) await deleteTopology(namespace);
});

describe('amqp bus', () => {
  it('delivers a published event with its message id, first attempt and request id', async () => {
    const bus = await openBus(newNamespace());
    const received: Received[] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((event, context) => {
        received.push({ readingId: event.payload.readingId, context });
      }),
    );
    await runWithRequestId('req-42', () =>
      bus.publish('reading.failed', failedEvent('r1'), { messageId: 'm-1' }),
    );
    await waitFor(() => received.length === 1);
    expect(received[0]).toEqual({
      readingId: 'r1',
      context: { messageId: 'm-1', attempt: 1, maxAttempts: 5, replayed: false, requestId: 'req-42' },
    });
    expect(await bus.isReady()).toBe(true);
  });

  it('gives up starting when the broker stays unreachable', async () => {
    await expect(
      createAmqpBus({ url: 'amqp://guest:guest@127.0.0.1:1', logger: silentLogger, connectTimeoutMs: 500 }),
    ).rejects.toThrow(/not reachable within 500 ms/);
  });

  it('keeps a message published while no consumer runs and delivers it to a later consumer', async () => {
    const namespace = newNamespace();
    const publisher = await openBus(namespace);
    await publisher.publish('reading.failed', failedEvent('waiting'));
    expect((await publisher.queueDepths()).readingResults).toEqual({ waiting: 1, consumers: 0 });
    await publisher.close();

    const consumer = await openBus(namespace);
    const received: string[] = [];
    await consumer.consume(
      'readingResults',
      resultHandlers((event) => {
        received.push(event.payload.readingId);
      }),
    );
    await waitFor(() => received.length === 1);
    expect(received).toEqual(['waiting']);
    expect((await consumer.queueDepths()).readingResults).toEqual({ waiting: 0, consumers: 1 });
  });

  it('rejects an invalid payload on publish', async () => {
    const bus = await openBus(newNamespace());
    const invalid = { ...failedEvent('r1'), kind: 'bad_mood' } as unknown as ReturnType<typeof failedEvent>;
    await expect(bus.publish('reading.failed', invalid)).rejects.toThrow(/kind/);
  });

  it('runs at most `prefetch` handlers at once', async () => {
    const bus = await openBus(newNamespace());
    let running = 0;
    let maxRunning = 0;
    let done = 0;
    await bus.consume(
      'readingResults',
      resultHandlers(async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await sleep(50);
        running -= 1;
        done += 1;
      }),
      { prefetch: 2 },
    );
    await Promise.all(
      Array.from({ length: 8 }, (_, i) => bus.publish('reading.failed', failedEvent(`r${i}`))),
    );
    await waitFor(() => done === 8);
    expect(maxRunning).toBe(2);
  });

  it('redelivers a failing message with the same id and a counted attempt until it succeeds', async () => {
    const bus = await openBus(newNamespace());
    const contexts: Received['context'][] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((_event, context) => {
        contexts.push(context);
        if (context.attempt < 3) throw new Error('storage is down');
      }),
    );
    await bus.publish('reading.failed', failedEvent('r1'), { messageId: 'retry-me', requestId: 'req-retry' });
    await waitFor(() => contexts.length === 3);
    expect(contexts).toEqual(
      [1, 2, 3].map((attempt) => ({
        messageId: 'retry-me',
        attempt,
        maxAttempts: 5,
        replayed: false,
        requestId: 'req-retry',
      })),
    );
    await sleep(200);
    expect(contexts).toHaveLength(3);
    expect(await bus.deadLetterCount()).toBe(0);
  });

  it('dead-letters a message after the delivery limit', async () => {
    const bus = await openBus(newNamespace());
    const attempts: number[] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((_event, context) => {
        attempts.push(context.attempt);
        throw new Error('always broken');
      }),
    );
    await bus.publish('reading.failed', failedEvent('doomed'));
    await waitFor(async () => (await bus.deadLetterCount()) === 1, 20_000);
    expect(attempts).toEqual([1, 2, 3, 4, 5]);
  });

  it('dead-letters at once on PermanentMessageError, and a foreign invalid message too', async () => {
    const namespace = newNamespace();
    const bus = await openBus(namespace);
    let calls = 0;
    await bus.consume(
      'readingResults',
      resultHandlers(() => {
        calls += 1;
        throw new PermanentMessageError('reading does not exist');
      }),
    );
    await bus.publish('reading.failed', failedEvent('ghost'));
    await waitFor(async () => (await bus.deadLetterCount()) === 1);

    const connection = await connect(AMQP_URL);
    try {
      const channel = await connection.createConfirmChannel();
      channel.publish(amqpTopology(namespace).exchange, 'reading.failed', Buffer.from('{"version":1}'), {
        type: 'reading.failed',
      });
      await channel.waitForConfirms();
    } finally {
      await connection.close();
    }
    await waitFor(async () => (await bus.deadLetterCount()) === 2);
    expect(calls).toBe(1);
  });

  it('keeps delivering other messages while a poison message is retried', async () => {
    const bus = await openBus(newNamespace());
    const handled: string[] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((event) => {
        if (event.payload.readingId === 'poison') throw new Error('cannot digest');
        handled.push(event.payload.readingId);
      }),
      { prefetch: 1 },
    );
    await bus.publish('reading.failed', failedEvent('poison'));
    for (const id of ['a', 'b', 'c']) await bus.publish('reading.failed', failedEvent(id));
    await waitFor(() => handled.length === 3);
    expect(handled.sort()).toEqual(['a', 'b', 'c']);
    await waitFor(async () => (await bus.deadLetterCount()) === 1, 20_000);
  });

  it('redelivers a message whose consumer connection was killed mid-flight, then works on', async () => {
    const namespace = newNamespace();
    const bus = await openBus(namespace);
    const attempts: Received['context'][] = [];
    const handled: string[] = [];
    let releaseFirstDelivery = () => undefined as void;
    const killed = new Promise<void>((resolve) => (releaseFirstDelivery = resolve));
    await bus.consume(
      'readingResults',
      resultHandlers(async (event, context) => {
        if (event.payload.readingId === 'victim') attempts.push(context);
        if (event.payload.readingId === 'victim' && context.attempt === 1) await killed;
        handled.push(event.payload.readingId);
      }),
    );
    await bus.publish('reading.failed', failedEvent('victim'), { messageId: 'victim-1' });
    await waitFor(() => attempts.length === 1);
    await killConnections(namespace);
    releaseFirstDelivery();

    await waitFor(() => attempts.length === 2, 20_000);
    expect(attempts[1]).toMatchObject({ messageId: 'victim-1', attempt: 2 });
    await bus.publish('reading.failed', failedEvent('after'));
    await waitFor(() => handled.includes('after'));
    expect(await bus.isReady()).toBe(true);
  });

  it('survives a broker restart: a publish during the outage waits and is delivered afterwards', async () => {
    // A node of its own: the machine's shared broker is never stopped.
    const rabbit = await startPrivateRabbitMq();
    try {
      const bus = await openBus(newNamespace(), { url: rabbit.url });
      const received: string[] = [];
      await bus.consume(
        'readingResults',
        resultHandlers((event) => {
          received.push(event.payload.readingId);
        }),
      );
      let publishedDuringOutage: Promise<void> | undefined;
      try {
        await run('rabbitmqctl', ['-n', rabbit.nodeName, 'stop_app']);
        await waitFor(async () => !(await bus.isReady()));
        publishedDuringOutage = bus.publish('reading.failed', failedEvent('during-outage'));
        await sleep(500);
      } finally {
        await run('rabbitmqctl', ['-n', rabbit.nodeName, 'start_app']);
      }
      await publishedDuringOutage;
      await waitFor(() => received.includes('during-outage'), 30_000);
      expect(await bus.isReady()).toBe(true);
      await bus.publish('reading.failed', failedEvent('after-restart'));
      await waitFor(() => received.includes('after-restart'));
      await bus.close();
    } finally {
      await rabbit.stop();
    }
  }, 180_000);
});
