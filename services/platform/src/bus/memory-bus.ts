import { randomUUID } from 'node:crypto';
import { eventSchemas, QUEUES, type EventName, type QueueKey } from '@palm/contracts';
import type { Logger } from '../logging/logger';
import { currentRequestId } from '../logging/request-context';
import { deliver, reportDeadLetters, reportQueueDepths } from './delivery';
import { DEFAULT_RETRY_POLICY, retryDelayMs as policyDelayMs, type RetryPolicy } from './retry-policy';
import type { MessageBus, MessageContext, QueueDepth, QueueHandlers } from './message-bus';

export interface DeadLetter {
  queue: string;
  requestId: string | undefined;
  messageId: string;
  name: EventName;
  payload: unknown;
  reason: string;
}

export interface MemoryBus extends MessageBus {
  /** What landed in the dead-letter queue, oldest first (for tests and tools). */
  deadLetters(): DeadLetter[];
  /** Sends every dead letter back to its queue as a fresh, replayed delivery (`dlq replay`). */
  replayDeadLetters(): number;
  /**
   * Resolves once nothing is left to happen: no delivery running or waiting for a consumer, no
   * retry pending. Tests use it to assert that nothing else happened, without waiting a while.
   */
  idle(): Promise<void>;
}

export interface MemoryBusOptions {
  logger: Logger;
  /** The same retry policy as on RabbitMQ: how many deliveries, and how long between them. */
  retryPolicy?: RetryPolicy;
  /** Overrides the policy's delays (tests); `attempt` is the delivery that failed. */
  retryDelayMs?: (attempt: number) => number;
}

interface Envelope {
  messageId: string;
  name: EventName;
  /** A JSON copy, as a broker would carry it: handlers never share objects with the publisher. */
  payload: unknown;
  requestId: string | undefined;
  attempt: number;
  replayed: boolean;
}

interface QueueState<Q extends QueueKey = QueueKey> {
  key: Q;
  waiting: Envelope[];
  consumer: { handlers: QueueHandlers<Q>; prefetch: number } | undefined;
  running: number;
}

const DEFAULT_PREFETCH = 10;

/** The RabbitMQ bus's contract in one process: for unit tests and the embedded single-process mode. */
export function createMemoryBus({
  logger,
  retryPolicy = DEFAULT_RETRY_POLICY,
  retryDelayMs = (attempt) => policyDelayMs(retryPolicy, attempt),
}: MemoryBusOptions): MemoryBus {
  const queues = new Map<QueueKey, QueueState>(
    (Object.keys(QUEUES) as QueueKey[]).map((key) => [
      key,
      { key, waiting: [], consumer: undefined, running: 0 },
    ]),
  );
  const deadLetters: DeadLetter[] = [];
  const inFlight = new Set<Promise<void>>();
  const retryTimers = new Set<NodeJS.Timeout>();
  const idleWaiters: (() => void)[] = [];
  let closed = false;

  const isIdle = () =>
    closed ||
    (inFlight.size === 0 &&
      retryTimers.size === 0 &&
      [...queues.values()].every((state) => !state.consumer || state.waiting.length === 0));
  const wakeIdleWaiters = () => {
    if (isIdle()) for (const wake of idleWaiters.splice(0)) wake();
  };

  const stateOf = (key: QueueKey): QueueState => {
    const state = queues.get(key);
    if (!state) throw new Error(`unknown queue ${key}`);
    return state;
  };

  const schedulePump = (state: QueueState) => {
    setImmediate(() => pump(state));
  };

  const pump = (state: QueueState) => {
    while (!closed && state.consumer && state.running < state.consumer.prefetch) {
      const envelope = state.waiting.shift();
      if (!envelope) return;
      state.running += 1;
      const run = handle(state, state.consumer.handlers, envelope).finally(() => {
        state.running -= 1;
        inFlight.delete(run);
        pump(state);
        wakeIdleWaiters();
      });
      inFlight.add(run);
    }
  };

  const handle = async (state: QueueState, handlers: QueueHandlers<QueueKey>, envelope: Envelope) => {
    const context: MessageContext = {
      messageId: envelope.messageId,
      attempt: envelope.attempt,
      maxAttempts: retryPolicy.maxAttempts,
      replayed: envelope.replayed,
      requestId: envelope.requestId,
    };
    const outcome = await deliver({
      queue: state.key,
      handlers,
      name: envelope.name,
      payload: envelope.payload,
      context,
      logger,
    });
    if (outcome.kind === 'dead_letter') {
      deadLetters.push({
        queue: QUEUES[state.key].name,
        requestId: envelope.requestId,
        messageId: envelope.messageId,
        name: envelope.name,
        payload: envelope.payload,
        reason: outcome.reason,
      });
    } else if (outcome.kind === 'retry' && !closed) {
      const timer = setTimeout(() => {
        retryTimers.delete(timer);
        state.waiting.push({ ...envelope, attempt: envelope.attempt + 1 });
        pump(state);
      }, retryDelayMs(envelope.attempt));
      retryTimers.add(timer);
    }
  };

  const stopReportingDeadLetters = reportDeadLetters(() => Promise.resolve(deadLetters.length));
  const queueDepths = () =>
    Promise.resolve(
      Object.fromEntries(
        [...queues.values()].map((state) => [
          state.key,
          { waiting: state.waiting.length, consumers: state.consumer ? 1 : 0 },
        ]),
      ) as Record<QueueKey, QueueDepth>,
    );
  const stopReportingDepths = reportQueueDepths(queueDepths);

  return {
    publish(name, payload, options = {}) {
      if (closed) return Promise.reject(new Error('the message bus is closed'));
      const parsed = eventSchemas[name].safeParse(payload);
      if (!parsed.success) return Promise.reject(parsed.error);
      const envelope: Envelope = {
        messageId: options.messageId ?? randomUUID(),
        name,
        payload: JSON.parse(JSON.stringify(parsed.data)),
        requestId: options.requestId ?? currentRequestId(),
        attempt: 1,
        replayed: false,
      };
      for (const [key, queue] of Object.entries(QUEUES) as [QueueKey, (typeof QUEUES)[QueueKey]][]) {
        if (!(queue.events as readonly EventName[]).includes(name)) continue;
        const state = stateOf(key);
        state.waiting.push({ ...envelope });
        schedulePump(state);
      }
      return Promise.resolve();
    },

    consume(queue, handlers, options = {}) {
      if (closed) return Promise.reject(new Error('the message bus is closed'));
      const state = stateOf(queue);
      if (state.consumer)
        return Promise.reject(new Error(`queue ${QUEUES[queue].name} already has a consumer`));
      const prefetch = options.prefetch ?? DEFAULT_PREFETCH;
      if (!Number.isInteger(prefetch) || prefetch < 1) {
        return Promise.reject(new Error(`prefetch must be a positive integer (got ${prefetch})`));
      }
      state.consumer = { handlers: handlers as QueueHandlers<QueueKey>, prefetch };
      schedulePump(state);
      return Promise.resolve();
    },

    deadLetterCount: () => Promise.resolve(deadLetters.length),
    queueDepths,
    deadLetters: () => deadLetters.map((letter) => ({ ...letter })),
    replayDeadLetters() {
      const letters = deadLetters.splice(0);
      for (const letter of letters) {
        const state = [...queues.values()].find((candidate) => QUEUES[candidate.key].name === letter.queue);
        if (!state) continue;
        state.waiting.push({
          messageId: letter.messageId,
          name: letter.name,
          payload: letter.payload,
          requestId: letter.requestId,
          attempt: 1,
          replayed: true,
        });
        schedulePump(state);
      }
      return letters.length;
    },
    isReady: () => Promise.resolve(!closed),
    idle() {
      // A pump scheduled by publish or consume runs on the next turn: look after it.
      return new Promise<void>((resolve) => {
        setImmediate(() => {
          idleWaiters.push(resolve);
          wakeIdleWaiters();
        });
      });
    },

    async close() {
      closed = true;
      stopReportingDeadLetters();
      stopReportingDepths();
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      await Promise.allSettled([...inFlight]);
      wakeIdleWaiters();
    },
  };
}
