import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { PermanentMessageError, type MessageBus } from '../src/bus/message-bus';
import { currentRequestId, runWithRequestId } from '../src/logging/request-context';
import { createLogger } from '../src/logging/logger';
import { failedEvent, resultHandlers, waitFor, type Received } from './bus-fixtures';

/** One bus as the shared suite drives it: RabbitMQ and the in-process bus keep the same contract. */
export interface BusUnderTest {
  /** A fresh bus on its own queues, closed by the caller's afterEach. */
  open(options?: { logger?: ReturnType<typeof createLogger> }): Promise<MessageBus>;
  /** The same queues through a bus that starts consuming later (a new connection where there is one). */
  reopen(bus: MessageBus): Promise<MessageBus>;
  /** Deliveries before a failing message is dead-lettered. */
  maxAttempts: number;
  /** Resolves once the bus has nothing left to deliver, so "nothing else happened" can be asserted. */
  settled(bus: MessageBus): Promise<void>;
}

/** The bus contract (`MessageBus`), run against each bus by its own test file. */
export function describeBusContract(name: string, subject: BusUnderTest): void {
  describe(`${name}: the bus contract`, () => {
    it('delivers a published event with its message id, first attempt and request id', async () => {
      const bus = await subject.open();
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
        context: {
          messageId: 'm-1',
          attempt: 1,
          maxAttempts: subject.maxAttempts,
          replayed: false,
          requestId: 'req-42',
        },
      });
      expect(await bus.isReady()).toBe(true);
    });

    it('keeps a message published while no consumer runs and delivers it to a later consumer', async () => {
      const publisher = await subject.open();
      await publisher.publish('reading.failed', failedEvent('waiting'));
      expect((await publisher.queueDepths()).readingResults).toEqual({ waiting: 1, consumers: 0 });

      const consumer = await subject.reopen(publisher);
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

    it('rejects an invalid payload on publish and delivers nothing of it', async () => {
      const bus = await subject.open();
      const received: string[] = [];
      await bus.consume(
        'readingResults',
        resultHandlers((event) => {
          received.push(event.payload.readingId);
        }),
      );
      const invalid = { ...failedEvent('r1'), kind: 'bad_mood' } as unknown as ReturnType<typeof failedEvent>;
      await expect(bus.publish('reading.failed', invalid)).rejects.toThrow(/kind/);
      // A valid message published after it arrives alone: the invalid one never entered the queue.
      await bus.publish('reading.failed', failedEvent('valid'));
      await waitFor(() => received.length === 1);
      await subject.settled(bus);
      expect(received).toEqual(['valid']);
      expect(await bus.deadLetterCount()).toBe(0);
    });

    it('runs at most `prefetch` handlers of a queue at once', async () => {
      const bus = await subject.open();
      let running = 0;
      let maxRunning = 0;
      let done = 0;
      await bus.consume(
        'readingResults',
        resultHandlers(async () => {
          running += 1;
          maxRunning = Math.max(maxRunning, running);
          // Each handler holds its slot until another runs beside it (or none is left to come), so
          // a bus that ignored prefetch would run more than two at once.
          await waitFor(() => running >= 2 || done + running === 8);
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
      const bus = await subject.open();
      const contexts: Received['context'][] = [];
      await bus.consume(
        'readingResults',
        resultHandlers((_event, context) => {
          contexts.push(context);
          if (context.attempt < 3) throw new Error('storage is down');
        }),
      );
      await bus.publish('reading.failed', failedEvent('r1'), {
        messageId: 'retry-me',
        requestId: 'req-retry',
      });
      await waitFor(() => contexts.length === 3);
      await subject.settled(bus);
      expect(contexts).toEqual(
        [1, 2, 3].map((attempt) => ({
          messageId: 'retry-me',
          attempt,
          maxAttempts: subject.maxAttempts,
          replayed: false,
          requestId: 'req-retry',
        })),
      );
      expect(await bus.deadLetterCount()).toBe(0);
    });

    it('dead-letters a message that fails on every delivery up to the limit', async () => {
      const bus = await subject.open();
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
      await subject.settled(bus);
      expect(attempts).toEqual(Array.from({ length: subject.maxAttempts }, (_, i) => i + 1));
    });

    it('dead-letters at once on PermanentMessageError', async () => {
      const bus = await subject.open();
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
      await subject.settled(bus);
      expect(calls).toBe(1);
    });

    it('keeps delivering other messages while a poison message is retried', async () => {
      const bus = await subject.open();
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

    it('carries the request id of the publishing call into the handler and its logs', async () => {
      const lines: Record<string, unknown>[] = [];
      const logger = pino(
        { mixin: () => ({ requestId: currentRequestId() }) },
        { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) },
      );
      const bus = await subject.open({ logger: createLogger('test', 'silent') });
      const seen: (string | undefined)[] = [];
      await bus.consume(
        'readingResults',
        resultHandlers((_event, context) => {
          seen.push(context.requestId, currentRequestId());
          logger.info('handling');
        }),
        { prefetch: 1 },
      );
      await runWithRequestId('req-from-http', () => bus.publish('reading.failed', failedEvent('r1')));
      await bus.publish('reading.failed', failedEvent('r2'), { requestId: 'req-explicit' });
      await waitFor(() => seen.length === 4);
      expect(seen).toEqual(['req-from-http', 'req-from-http', 'req-explicit', 'req-explicit']);
      expect(lines.map((line) => line.requestId)).toEqual(['req-from-http', 'req-explicit']);
    });

    it('routes each event only to the queues bound to it', async () => {
      const bus = await subject.open();
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
      await waitFor(() => results.length === 1);
      await subject.settled(bus);
      expect(results).toEqual(['f1']);
      expect(requests).toEqual([]);
    });
  });
}
