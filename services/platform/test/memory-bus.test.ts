import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createBus } from '../src/bus/create-bus';
import { createMemoryBus, type MemoryBus } from '../src/bus/memory-bus';
import { PermanentMessageError } from '../src/bus/message-bus';
import { DEFAULT_RETRY_POLICY } from '../src/bus/retry-policy';
import { currentRequestId, runWithRequestId } from '../src/logging/request-context';
import { metricsRegistry } from '../src/http/metrics';
import { createLogger } from '../src/logging/logger';
import { failedEvent, resultHandlers, silentLogger, sleep, waitFor, type Received } from './bus-fixtures';

let bus: MemoryBus;
const newBus = () => {
  bus = createMemoryBus({ logger: silentLogger, retryDelayMs: () => 5 });
  return bus;
};

afterEach(async () => {
  await bus.close();
});

describe('memory bus', () => {
  it('delivers a published event to the queue bound to it, after publish has returned', async () => {
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

  it('keeps messages published before anyone consumes until a consumer arrives', async () => {
    newBus();
    await bus.publish('reading.failed', failedEvent('early'));
    await sleep(20);
    const received: string[] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((event) => {
        received.push(event.payload.readingId);
      }),
    );
    await waitFor(() => received.length === 1);
    expect(received).toEqual(['early']);
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

  it('rejects an invalid payload on publish and delivers nothing', async () => {
    newBus();
    let calls = 0;
    await bus.consume(
      'readingResults',
      resultHandlers(() => {
        calls += 1;
      }),
    );
    const invalid = { ...failedEvent('r1'), kind: 'bad_mood' } as unknown as ReturnType<typeof failedEvent>;
    await expect(bus.publish('reading.failed', invalid)).rejects.toThrow(/kind/);
    await sleep(20);
    expect(calls).toBe(0);
    expect(await bus.deadLetterCount()).toBe(0);
  });

  it('runs at most `prefetch` handlers of a queue at once', async () => {
    newBus();
    let running = 0;
    let maxRunning = 0;
    let done = 0;
    await bus.consume(
      'readingResults',
      resultHandlers(async () => {
        running += 1;
        maxRunning = Math.max(maxRunning, running);
        await sleep(10);
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

  it('redelivers a failed message with the same id and a growing attempt until it succeeds', async () => {
    newBus();
    const contexts: Received['context'][] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((_event, context) => {
        contexts.push(context);
        if (context.attempt < 3) throw new Error('storage is down');
      }),
    );
    await bus.publish('reading.failed', failedEvent('r1'), { messageId: 'retry-me' });
    await waitFor(() => contexts.length === 3);
    await sleep(30);
    expect(contexts.map((context) => [context.messageId, context.attempt])).toEqual([
      ['retry-me', 1],
      ['retry-me', 2],
      ['retry-me', 3],
    ]);
    expect(await bus.deadLetterCount()).toBe(0);
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

  it('dead-letters a message that fails on every delivery up to the limit', async () => {
    newBus();
    const attempts: number[] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((_event, context) => {
        attempts.push(context.attempt);
        throw new Error('always broken');
      }),
    );
    await bus.publish('reading.failed', failedEvent('doomed'), { messageId: 'doomed-1' });
    await waitFor(async () => (await bus.deadLetterCount()) === 1);
    await sleep(30);
    expect(attempts).toEqual(Array.from({ length: DEFAULT_RETRY_POLICY.maxAttempts }, (_, i) => i + 1));
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
    const counted = await metricsRegistry.getSingleMetricAsString('bus_messages_total');
    expect(counted).toContain('bus_messages_total{queue="reading.results",outcome="dead_letter"} 1');
    expect(await metricsRegistry.getSingleMetricAsString('bus_dead_letters')).toContain('bus_dead_letters 1');
  });

  it('dead-letters at once on PermanentMessageError', async () => {
    newBus();
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
    await sleep(30);
    expect(calls).toBe(1);
    expect(bus.deadLetters()[0]?.reason).toBe('reading does not exist');
  });

  it('keeps delivering other messages while a poison message is retried', async () => {
    newBus();
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
    expect(handled).toEqual(['a', 'b', 'c']);
    await waitFor(async () => (await bus.deadLetterCount()) === 1);
  });

  it('carries the request id of the publishing call into the handler and its logs', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { mixin: () => ({ requestId: currentRequestId() }) },
      { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    bus = createMemoryBus({ logger: createLogger('test', 'silent'), retryDelayMs: () => 5 });
    const seen: (string | undefined)[] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((_event, context) => {
        seen.push(context.requestId, currentRequestId());
        logger.info('handling');
      }),
    );
    await runWithRequestId('req-from-http', () => bus.publish('reading.failed', failedEvent('r1')));
    await bus.publish('reading.failed', failedEvent('r2'), { requestId: 'req-explicit' });
    await waitFor(() => seen.length === 4);
    expect(seen).toEqual(['req-from-http', 'req-from-http', 'req-explicit', 'req-explicit']);
    expect(lines.map((line) => line.requestId)).toEqual(['req-from-http', 'req-explicit']);
  });

  it('routes each event only to the queues bound to it', async () => {
    newBus();
    const results: string[] = [];
    const requests: string[] = [];
    await bus.consume(
      'readingResults',
      resultHandlers((event) => {
        results.push(event.payload.readingId);
      }),
    );
    await bus.consume('aiWorkerReadings', {
      'reading.requested': (event) => {
        requests.push(event.payload.readingId);
        return Promise.resolve();
      },
    });
    await bus.publish('reading.failed', failedEvent('f1'));
    await bus.publish('prompt.updated', { version: 1, promptId: 'p', updatedAt: new Date().toISOString() });
    await sleep(30);
    expect(results).toEqual(['f1']);
    expect(requests).toEqual([]);
  });

  it('waits for running handlers on close and delivers nothing after it', async () => {
    newBus();
    let finished = false;
    let started = 0;
    await bus.consume(
      'readingResults',
      resultHandlers(async () => {
        started += 1;
        await sleep(50);
        finished = true;
      }),
      { prefetch: 1 },
    );
    await bus.publish('reading.failed', failedEvent('slow'));
    await bus.publish('reading.failed', failedEvent('never'));
    await waitFor(() => started === 1);
    await bus.close();
    expect(finished).toBe(true);
    await sleep(20);
    expect(started).toBe(1);
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
});
