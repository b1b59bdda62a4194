import { afterEach, describe, expect, it } from 'vitest';
import { createBus } from '../src/bus/create-bus';
import { createMemoryBus, type MemoryBus } from '../src/bus/memory-bus';
import { DEFAULT_RETRY_POLICY } from '../src/bus/retry-policy';
import { metricsRegistry } from '../src/http/metrics';
import { failedEvent, resultHandlers, silentLogger, waitFor, type Received } from './bus-fixtures';
import { describeBusContract } from './message-bus.contract';

let bus: MemoryBus;
const newBus = (logger = silentLogger) => {
  bus = createMemoryBus({ logger, retryDelayMs: () => 5 });
  return bus;
};

afterEach(async () => {
  await bus.close();
});

describeBusContract('memory bus', {
  open: (options = {}) => Promise.resolve(newBus(options.logger)),
  // One process, one set of queues: a later consumer is a later consume() on the same bus.
  reopen: (same) => Promise.resolve(same),
  maxAttempts: DEFAULT_RETRY_POLICY.maxAttempts,
  settled: (memoryBus) => (memoryBus as MemoryBus).idle(),
});

describe('memory bus', () => {
  it('delivers after publish has returned, and without a request id names none', async () => {
    newBus();
    const received: Received[] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((event, context) => {
        received.push({ readingId: event.payload.readingId, context });
      }),
    );

    await bus.publish('reading.failed', failedEvent('r1'), { messageId: 'm-1' });
    expect(received).toHaveLength(0);

    await waitFor(() => received.length === 1);
    expect(received[0]).toEqual({
      readingId: 'r1',
      context: { messageId: 'm-1', attempt: 1, maxAttempts: 10, replayed: false, requestId: undefined },
    });
  });

  it('reports how many messages wait in each queue and who consumes them, also as metrics', async () => {
    newBus();
    await bus.publish('reading.failed', failedEvent('w1'));
    await bus.publish('reading.failed', failedEvent('w2'));
    expect((await bus.queueDepths()).readingResults).toEqual({ waiting: 2, consumers: 0 });
    const metrics = await metricsRegistry.metrics();
    expect(metrics).toContain('bus_queue_depth{queue="reading.results"} 2');

    const received: string[] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((event) => {
        received.push(event.payload.readingId);
      }),
    );
    await waitFor(() => received.length === 2);
    expect((await bus.queueDepths()).readingResults).toEqual({ waiting: 0, consumers: 1 });
  });

  it('waits between deliveries of a failing message, longer on later attempts', async () => {
    bus = createMemoryBus({ logger: silentLogger, retryDelayMs: (attempt) => attempt * 30 });
    const times: number[] = [];
    await bus.consume(
      'readingResults',
      resultHandlers(() => {
        times.push(Date.now());
        if (times.length < 3) throw new Error('not yet');
      }),
    );
    await bus.publish('reading.failed', failedEvent('r1'));
    await waitFor(() => times.length === 3);
    const [first, second, third] = times as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(25);
    expect(third - second).toBeGreaterThanOrEqual(55);
  });

  it('keeps each dead letter with its queue, ids and reason, and counts it in the metrics', async () => {
    // The counter is the process's: the contract tests before this one counted theirs too.
    const deadLettersCounted = async () => {
      const text = await metricsRegistry.getSingleMetricAsString('bus_messages_total');
      const line = /queue="reading\.results",outcome="dead_letter"\} (\d+)/.exec(text);
      return Number(line?.[1] ?? 0);
    };
    const countedBefore = await deadLettersCounted();
    newBus();
    await bus.consume(
      'readingResults',
      resultHandlers(() => {
        throw new Error('always broken');
      }),
    );
    await bus.publish('reading.failed', failedEvent('doomed'), { messageId: 'doomed-1' });
    await waitFor(async () => (await bus.deadLetterCount()) === 1);
    expect(bus.deadLetters()).toEqual([
      {
        queue: 'reading.results',
        requestId: undefined,
        messageId: 'doomed-1',
        name: 'reading.failed',
        payload: failedEvent('doomed'),
        reason: 'always broken',
      },
    ]);
    expect(await deadLettersCounted()).toBe(countedBefore + 1);
    expect(await metricsRegistry.getSingleMetricAsString('bus_dead_letters')).toContain('bus_dead_letters 1');
  });

  it('waits for running handlers on close and delivers nothing after it', async () => {
    newBus();
    let finished = false;
    let started = 0;
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await bus.consume(
      'readingResults',
      resultHandlers(async () => {
        started += 1;
        await released;
        finished = true;
      }),
      { prefetch: 1 },
    );
    await bus.publish('reading.failed', failedEvent('slow'));
    await bus.publish('reading.failed', failedEvent('never'));
    await waitFor(() => started === 1);
    const closing = bus.close();
    release();
    await closing;
    expect(finished).toBe(true);
    // The second message's delivery was due on the next turn of the loop: it must not start.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toBe(1);
    expect((await bus.queueDepths()).readingResults.waiting).toBe(1);
    await expect(bus.publish('reading.failed', failedEvent('late'))).rejects.toThrow(/closed/);
  });

  it('is what createBus gives when no AMQP_URL is configured', async () => {
    bus = (await createBus({}, silentLogger)) as MemoryBus;
    const received: string[] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((event) => {
        received.push(event.payload.readingId);
      }),
    );
    await bus.publish('reading.failed', failedEvent('via-create-bus'));
    await waitFor(() => received.length === 1);
    expect(bus.deadLetters()).toEqual([]);
  });

  it('tells when it has nothing left to do, a retry pending included', async () => {
    bus = createMemoryBus({ logger: silentLogger, retryDelayMs: () => 40 });
    const attempts: number[] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((_event, context) => {
        attempts.push(context.attempt);
        if (context.attempt === 1) throw new Error('once');
      }),
    );
    await bus.publish('reading.failed', failedEvent('r1'));
    await bus.idle();
    expect(attempts).toEqual([1, 2]);
  });
});
