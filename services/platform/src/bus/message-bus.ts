import type { EventName, EventPayload, QueueEvents, QueueKey } from '@palm/contracts';

export interface MessageContext {
  /** Stable id of the published message; redeliveries keep it, so handlers can de-duplicate. */
  messageId: string;
  /** 1 on the first delivery, then counts redeliveries. */
  attempt: number;
  /** The delivery after which a failing message is dead-lettered (the bus's retry policy). */
  maxAttempts: number;
  /** Sent again by an operator (`npm run dlq replay`): an earlier outcome may be redone. */
  replayed: boolean;
  /** The request id of the HTTP call that caused the event, carried in message headers. */
  requestId: string | undefined;
}

export interface ConsumeOptions {
  /** Deliveries handed to the queue's handlers at once; the bus's default when unset. */
  prefetch?: number;
}

export interface PublishOptions {
  messageId?: string;
  requestId?: string;
}

export type EventHandler<N extends EventName> = (
  event: { name: N; payload: EventPayload<N> },
  context: MessageContext,
) => Promise<void>;

/** A handler per event its queue is bound to: the type makes a missing handler a compile error. */
export type QueueHandlers<Q extends QueueKey> = {
  [N in QueueEvents<Q>]: EventHandler<N>;
};

/**
 * The bus contract shared by RabbitMQ and the in-process bus.
 *
 * - `publish` validates the payload against its contract and resolves once the broker confirmed it.
 * - A handler that resolves acks the message. One that throws is redelivered after a growing,
 *   jittered delay (the retry policy) until `maxAttempts`, then the message goes to the
 *   dead-letter queue. A failure classified as permanent (`PermanentMessageError`, an invalid
 *   blob key, an invalid payload — see `classifyFailure`) is dead-lettered at once.
 */
export interface MessageBus {
  publish<N extends EventName>(name: N, payload: EventPayload<N>, options?: PublishOptions): Promise<void>;
  consume<Q extends QueueKey>(queue: Q, handlers: QueueHandlers<Q>, options?: ConsumeOptions): Promise<void>;
  /** Messages currently waiting in the dead-letter queue (for metrics, tests and the dlq tool). */
  deadLetterCount(): Promise<number>;
  /** Per queue: messages waiting for a consumer (the consumers' lag) and how many consumers listen. */
  queueDepths(): Promise<Record<QueueKey, QueueDepth>>;
  isReady(): Promise<boolean>;
  close(): Promise<void>;
}

export interface QueueDepth {
  waiting: number;
  consumers: number;
}

export class PermanentMessageError extends Error {
  override name = 'PermanentMessageError';
}
