import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBus, type MemoryBus } from '../src/bus/memory-bus';
import type { MessageBus, QueueHandlers } from '../src/bus/message-bus';
import { checkQueueConsumers, type QueueConsumer } from '../src/bus/queue-consumer';
import { startServices } from '../src/service-module';
import { failedEvent, resultHandlers, silentLogger, waitFor } from './bus-fixtures';

const results = (): QueueConsumer => ({ queue: 'readingResults', handlers: resultHandlers(() => undefined) });
const analytics = (): QueueConsumer => ({
  queue: 'flowAnalytics',
  handlers: { 'reading.completed': () => Promise.resolve() },
});

describe('checkQueueConsumers', () => {
  it('accepts distinct queues, each with a handler for every event it is bound to', () => {
    expect(() => checkQueueConsumers([results(), analytics()])).not.toThrow();
    expect(() => checkQueueConsumers([])).not.toThrow();
  });

  it('refuses a queue consumed twice in one process, naming it', () => {
    expect(() => checkQueueConsumers([results(), analytics(), results()])).toThrow(
      /queue reading\.results is consumed more than once/,
    );
  });

  it('refuses a queue without a handler for an event routed to it', () => {
    const handlers = { 'reading.completed': () => Promise.resolve() };
    const partial: QueueConsumer = {
      queue: 'readingResults',
      handlers: handlers as unknown as QueueHandlers<'readingResults'>,
    };
    expect(() => checkQueueConsumers([partial])).toThrow(
      /queue reading\.results has no handler for reading\.failed/,
    );
  });

  it('refuses a handler for an event the queue is not bound to, which would never run', () => {
    const handlers = {
      'reading.completed': () => Promise.resolve(),
      'reading.failed': () => Promise.resolve(),
    };
    const extra: QueueConsumer = {
      queue: 'flowAnalytics',
      // Extra handlers pass the types when they come from a variable, as built at run time.
      handlers,
    };
    expect(() => checkQueueConsumers([extra])).toThrow(
      /queue flow\.reading-completed has a handler for reading\.failed, which it is not bound to/,
    );
  });
});

describe('startServices', () => {
  let bus: MemoryBus;
  afterEach(() => bus?.close());

  /** The memory bus, recording what was asked of it and when. */
  function recordingBus(log: string[]): () => Promise<MessageBus> {
    bus = createMemoryBus({ logger: silentLogger });
    const recording: MessageBus = {
      ...bus,
      consume: (queue, handlers, options) => {
        log.push(`consume ${queue} prefetch ${options?.prefetch ?? 'default'}`);
        return bus.consume(queue, handlers, options);
      },
    };
    return () => {
      log.push('bus asked for');
      return Promise.resolve(recording);
    };
  }

  it('registers each service’s consumers right after its start, in order, with their options', async () => {
    const log: string[] = [];
    const openBus = recordingBus(log);
    const worker: QueueConsumer = {
      queue: 'aiWorkerReadings',
      handlers: { 'reading.requested': () => Promise.resolve() },
      options: { prefetch: 2 },
    };
    const service = (name: string, consumers: QueueConsumer[]) => ({
      consumers,
      start: () => Promise.resolve(void log.push(`start ${name}`)),
    });
    await startServices(
      [service('first', [analytics()]), service('second', []), service('third', [results(), worker])],
      openBus,
    );
    expect(log).toEqual([
      'start first',
      'bus asked for',
      'consume flowAnalytics prefetch default',
      'start second',
      'start third',
      'bus asked for',
      'consume readingResults prefetch default',
      'consume aiWorkerReadings prefetch 2',
    ]);
    const depths = await bus.queueDepths();
    expect(depths.flowAnalytics.consumers).toBe(1);
    expect(depths.readingEmail.consumers).toBe(0);
  });

  it('delivers what was published before the consumer started, once its service started', async () => {
    const openBus = recordingBus([]);
    const received: string[] = [];
    await bus.publish('reading.failed', failedEvent('early'));
    let consumersWhileStarting: number | undefined;
    await startServices(
      [
        {
          consumers: [
            {
              queue: 'readingResults',
              handlers: resultHandlers((event) => void received.push(event.payload.readingId)),
            },
          ],
          start: async () => {
            consumersWhileStarting = (await bus.queueDepths()).readingResults.consumers;
          },
        },
      ],
      openBus,
    );
    expect(consumersWhileStarting).toBe(0);
    await waitFor(() => received.length === 1);
    expect(received).toEqual(['early']);
  });

  it('starts nothing, and opens no bus, when the consumers of the process do not fit together', async () => {
    const log: string[] = [];
    const openBus = recordingBus(log);
    const service = { consumers: [results()], start: () => Promise.resolve(void log.push('start')) };
    await expect(startServices([service, service], openBus)).rejects.toThrow(/consumed more than once/);
    expect(log).toEqual([]);
  });

  it('never asks for the bus when no service consumes', async () => {
    const log: string[] = [];
    await startServices(
      [{ consumers: [], start: () => Promise.resolve(void log.push('start')) }],
      recordingBus(log),
    );
    expect(log).toEqual(['start']);
  });
});
