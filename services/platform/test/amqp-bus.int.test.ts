import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { connect } from 'amqplib';
import { afterEach, describe, expect, it } from 'vitest';
import { integrationEnv } from '../../../tests/support/integration-env';
import { startPrivateRabbitMq } from '../../../tests/support/private-infra';
import { amqpTopology, createAmqpBus, type AmqpBusOptions } from '../src/bus/amqp-bus';
import { PermanentMessageError, type MessageBus } from '../src/bus/message-bus';
import { failedEvent, resultHandlers, silentLogger, sleep, waitFor, type Received } from './bus-fixtures';
import { describeBusContract } from './message-bus.contract';

const AMQP_URL = integrationEnv().amqpUrl;
const run = promisify(execFile);

const RETRY_MAX_DELAY_MS = 200;
const openBuses: MessageBus[] = [];
/** The namespace each bus was opened on, so that a later consumer can join the same queues. */
const namespaceOf = new Map<MessageBus, string>();
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
    retryPolicy: { maxAttempts: 5, baseDelayMs: 20, maxDelayMs: RETRY_MAX_DELAY_MS },
    ...options,
  });
  openBuses.push(bus);
  namespaceOf.set(bus, namespace);
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

describeBusContract('amqp bus', {
  open: (options = {}) => openBus(newNamespace(), options),
  async reopen(publisher) {
    const namespace = namespaceOf.get(publisher)!;
    await publisher.close();
    return openBus(namespace);
  },
  maxAttempts: 5,
  // RabbitMQ tells no client that a queue and its retry queues have gone quiet: a delivery that
  // should not happen shows up within the policy's longest retry delay, if at all.
  settled: async () => {
    await sleep(RETRY_MAX_DELAY_MS);
  },
});

describe('amqp bus', () => {
  it('gives up starting when the broker stays unreachable', async () => {
    await expect(
      createAmqpBus({ url: 'amqp://guest:guest@127.0.0.1:1', logger: silentLogger, connectTimeoutMs: 500 }),
    ).rejects.toThrow(/not reachable within 500 ms/);
  });

  it('dead-letters a foreign invalid message at once, as it does a permanent failure', async () => {
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
