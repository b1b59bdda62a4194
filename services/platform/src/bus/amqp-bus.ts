import { randomUUID } from 'node:crypto';
import type { Channel, ChannelModel, ConfirmChannel, ConsumeMessage, Options } from 'amqplib';
import {
  DEAD_LETTER_EXCHANGE,
  DEAD_LETTER_QUEUE,
  DELIVERY_LIMIT,
  EXCHANGE,
  eventSchemas,
  QUEUES,
  type EventName,
  type EventPayload,
  type QueueKey,
} from '@palm/contracts';
import type { Logger } from '../logging/logger';
import { currentRequestId, REQUEST_ID_HEADER } from '../logging/request-context';
import { deliver, reportDeadLetters, reportQueueDepths } from './delivery';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry-policy';
import type {
  ConsumeOptions,
  MessageBus,
  MessageContext,
  PublishOptions,
  QueueDepth,
  QueueHandlers,
} from './message-bus';

export interface AmqpBusOptions {
  url: string;
  logger: Logger;
  /** Prefixes every exchange and queue, so parallel test runs share a broker without meeting. */
  namespace?: string;
  /** Default for `consume` calls that name none. */
  prefetch?: number;
  /** How long start-up, and a publish during an outage, wait for the broker. */
  connectTimeoutMs?: number;
  /** How often and how long apart a failing message is delivered again. */
  retryPolicy?: RetryPolicy;
}

/** Deliveries a message has had before it was parked in a retry queue (the broker's count restarts). */
export const ATTEMPT_HEADER = 'x-palm-attempts';
/** Set by `npm run dlq replay`: the handler may redo an outcome it recorded before. */
export const REPLAY_HEADER = 'x-palm-replayed';
/** Headers the broker adds on dead-lettering and delivery; a copy sent on starts afresh. */
export const BROKER_HEADERS = /^x-(death|first-death-|last-death-|delivery-count)/;

/** The broker names of the bus's topology, namespace included (for tools and test clean-up). */
export function amqpTopology(namespace = '') {
  return {
    exchange: `${namespace}${EXCHANGE}`,
    deadLetterExchange: `${namespace}${DEAD_LETTER_EXCHANGE}`,
    deadLetterQueue: `${namespace}${DEAD_LETTER_QUEUE}`,
    /**
     * Where a failed message waits before its next delivery: one queue per work queue and attempt,
     * each message with its own jittered TTL, dead-lettered back into its work queue on expiry.
     * Messages in one such queue wait about as long as each other, so the broker's expire-at-the-
     * head rule delays none of them by more than the jitter.
     */
    retryQueue: (key: QueueKey, attempt: number) => `${namespace}palm.retry.${QUEUES[key].name}.${attempt}`,
    queues: Object.fromEntries(
      (Object.keys(QUEUES) as QueueKey[]).map((key) => [key, `${namespace}${QUEUES[key].name}`]),
    ) as Record<QueueKey, string>,
  };
}

type Topology = ReturnType<typeof amqpTopology>;

interface Consumer {
  queue: QueueKey;
  handlers: QueueHandlers<QueueKey>;
  prefetch: number;
}

/** One live connection with everything set up on it; any failure throws the whole session away. */
interface Session {
  connection: ChannelModel;
  publishChannel: ConfirmChannel;
  consumerChannels: Map<Consumer, { channel: Channel; consumerTag: string }>;
  /** Retry queues declared on this session. */
  retryQueues: Set<string>;
}

const DEFAULT_PREFETCH = 10;
const DEFAULT_CONNECT_TIMEOUT_MS = 30_000;
const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * The RabbitMQ bus: a durable topic exchange, quorum queues with a delivery limit and a
 * dead-letter queue, publisher confirms and manual acks. When the connection or any channel
 * drops (a broker restart, a channel error) the whole session is rebuilt with backoff: topology
 * declared again and consumers registered again. Rebuilding everything keeps one recovery path for
 * every failure, including the 541 errors a just-restarted broker answers with for a while.
 */
export async function createAmqpBus(options: AmqpBusOptions): Promise<MessageBus> {
  const bus = new AmqpBus(options);
  await bus.start();
  return bus;
}

interface Waiter {
  resolve: (session: Session) => void;
  reject: (error: Error) => void;
}

class AmqpBus implements MessageBus {
  private readonly topology: Topology;
  private readonly logger: Logger;
  private readonly defaultPrefetch: number;
  private readonly connectTimeoutMs: number;
  private readonly retryPolicy: RetryPolicy;
  private readonly consumers: Consumer[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly waiters = new Set<Waiter>();
  private session: Session | undefined;
  private reconnecting: Promise<void> | undefined;
  private reconnectTimer: { timer: NodeJS.Timeout; wake: () => void } | undefined;
  private closing = false;
  private stopReportingDeadLetters: () => void = () => undefined;
  private stopReportingDepths: () => void = () => undefined;

  constructor(private readonly options: AmqpBusOptions) {
    this.topology = amqpTopology(options.namespace);
    this.logger = options.logger.child({ component: 'amqp-bus' });
    this.defaultPrefetch = options.prefetch ?? DEFAULT_PREFETCH;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.retryPolicy = options.retryPolicy ?? DEFAULT_RETRY_POLICY;
  }

  async start(): Promise<void> {
    this.reconnect();
    try {
      await this.waitForSession(Date.now() + this.connectTimeoutMs);
    } catch (error) {
      await this.close();
      throw error;
    }
    this.stopReportingDeadLetters = reportDeadLetters(() => this.deadLetterCount());
    this.stopReportingDepths = reportQueueDepths(() => this.queueDepths());
  }

  async publish<N extends EventName>(
    name: N,
    payload: EventPayload<N>,
    options: PublishOptions = {},
  ): Promise<void> {
    const parsed = eventSchemas[name].parse(payload);
    const content = Buffer.from(JSON.stringify(parsed));
    const requestId = options.requestId ?? currentRequestId();
    const properties: Options.Publish = {
      persistent: true,
      messageId: options.messageId ?? randomUUID(),
      type: name,
      contentType: 'application/json',
      timestamp: Math.floor(Date.now() / 1000),
      headers: requestId ? { [REQUEST_ID_HEADER]: requestId } : {},
    };
    const deadline = Date.now() + this.connectTimeoutMs;
    for (;;) {
      const session = await this.waitForSession(deadline);
      try {
        await confirmPublish(session.publishChannel, this.topology.exchange, name, content, properties);
        return;
      } catch (error) {
        // Unconfirmed means unknown: send again on the next session. A duplicate keeps its
        // messageId, which consumers de-duplicate on; a lost message could not be undone.
        if (this.closing || Date.now() >= deadline) throw error;
        this.logger.warn({ err: error, event: name }, 'publish not confirmed; retrying after reconnect');
        this.dropSession(session, error);
      }
    }
  }

  async consume<Q extends QueueKey>(
    queue: Q,
    handlers: QueueHandlers<Q>,
    options: ConsumeOptions = {},
  ): Promise<void> {
    if (this.closing) throw new Error('the message bus is closed');
    if (this.consumers.some((consumer) => consumer.queue === queue)) {
      throw new Error(`queue ${QUEUES[queue].name} already has a consumer`);
    }
    const prefetch = options.prefetch ?? this.defaultPrefetch;
    if (!Number.isInteger(prefetch) || prefetch < 1) {
      throw new Error(`prefetch must be a positive integer (got ${prefetch})`);
    }
    const consumer: Consumer = { queue, handlers: handlers as unknown as QueueHandlers<QueueKey>, prefetch };
    this.consumers.push(consumer);
    const session = this.session;
    if (!session) return; // registered with the session being built
    try {
      await this.startConsumer(session, consumer);
    } catch (error) {
      this.dropSession(session, error);
    }
  }

  async deadLetterCount(): Promise<number> {
    const session = await this.waitForSession(Date.now() + this.connectTimeoutMs);
    const { messageCount } = await session.publishChannel.checkQueue(this.topology.deadLetterQueue);
    return messageCount;
  }

  async queueDepths(): Promise<Record<QueueKey, QueueDepth>> {
    const session = await this.waitForSession(Date.now() + this.connectTimeoutMs);
    const keys = Object.keys(QUEUES) as QueueKey[];
    const checks = await Promise.all(
      keys.map((key) => session.publishChannel.checkQueue(this.topology.queues[key])),
    );
    return Object.fromEntries(
      keys.map((key, index) => [
        key,
        { waiting: checks[index]!.messageCount, consumers: checks[index]!.consumerCount },
      ]),
    ) as Record<QueueKey, QueueDepth>;
  }

  isReady(): Promise<boolean> {
    return Promise.resolve(this.session !== undefined);
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.stopReportingDeadLetters();
    this.stopReportingDepths();
    this.reconnectTimer?.wake();
    for (const waiter of this.waiters) waiter.reject(new Error('the message bus is closed'));
    this.waiters.clear();
    const session = this.session;
    if (session) {
      await Promise.allSettled(
        [...session.consumerChannels.values()].map(({ channel, consumerTag }) => channel.cancel(consumerTag)),
      );
    }
    await Promise.allSettled([...this.inFlight]);
    await this.reconnecting;
    this.session = undefined;
    if (session) await session.connection.close().catch(() => undefined);
  }

  /** Starts the reconnect loop unless it already runs. */
  private reconnect(): void {
    if (this.reconnecting || this.closing) return;
    this.reconnecting = this.reconnectLoop().finally(() => {
      this.reconnecting = undefined;
    });
  }

  private async reconnectLoop(): Promise<void> {
    for (let attempt = 1; !this.closing; attempt++) {
      try {
        const session = await this.openSession();
        if (this.closing) {
          await session.connection.close().catch(() => undefined);
          return;
        }
        this.session = session;
        if (attempt > 1) this.logger.info({ attempts: attempt }, 'reconnected to the message broker');
        for (const waiter of this.waiters) waiter.resolve(session);
        this.waiters.clear();
        return;
      } catch (error) {
        const delay = Math.min(100 * 2 ** attempt, MAX_RECONNECT_DELAY_MS);
        this.logger.warn({ err: error, attempt, retryInMs: delay }, 'message broker not usable; retrying');
        await this.pause(delay);
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.reconnectTimer = undefined;
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.reconnectTimer = { timer, wake };
    });
  }

  private async openSession(): Promise<Session> {
    // Loaded on first connect: the gateway and the embedded product bundle this file but never
    // use a broker, and should not carry its client in memory.
    const { connect } = await import('amqplib');
    const connection = await connect(this.options.url, {
      clientProperties: { connection_name: `palm-bus ${this.options.namespace ?? ''}`.trim() },
    });
    let session: Session | undefined;
    let lostDuringSetup: Error | undefined;
    connection.on('error', (error: Error) => {
      this.logger.warn({ err: error }, 'message broker connection error');
    });
    connection.on('close', (error?: Error) => {
      lostDuringSetup = error ?? new Error('connection closed');
      if (session) this.dropSession(session, lostDuringSetup);
    });
    try {
      const publishChannel = await connection.createConfirmChannel();
      session = { connection, publishChannel, consumerChannels: new Map(), retryQueues: new Set() };
      this.watchChannel(session, publishChannel);
      await this.declareTopology(publishChannel);
      for (const consumer of this.consumers) await this.startConsumer(session, consumer);
      if (lostDuringSetup) throw lostDuringSetup;
      return session;
    } catch (error) {
      await connection.close().catch(() => undefined);
      throw error;
    }
  }

  private watchChannel(session: Session, channel: Channel): void {
    channel.on('error', (error: Error) => {
      this.logger.warn({ err: error }, 'message broker channel error');
    });
    channel.on('close', () => {
      this.dropSession(session, new Error('channel closed'));
    });
  }

  /** Forgets a broken session, closes what is left of it and starts building a new one. */
  private dropSession(session: Session, reason: unknown): void {
    if (this.session !== session) return;
    this.session = undefined;
    if (this.closing) return;
    this.logger.warn({ err: reason }, 'lost the message broker session; reconnecting');
    session.connection.close().catch(() => undefined);
    this.reconnect();
  }

  private async declareTopology(channel: Channel): Promise<void> {
    const { exchange, deadLetterExchange, deadLetterQueue, queues } = this.topology;
    await channel.assertExchange(exchange, 'topic', { durable: true });
    await channel.assertExchange(deadLetterExchange, 'fanout', { durable: true });
    await channel.assertQueue(deadLetterQueue, { durable: true });
    await channel.bindQueue(deadLetterQueue, deadLetterExchange, '');
    for (const key of Object.keys(QUEUES) as QueueKey[]) {
      await channel.assertQueue(queues[key], {
        durable: true,
        arguments: {
          'x-queue-type': 'quorum',
          // The broker's backstop for deliveries that never come back (a consumer crashing on a
          // message); the consumer itself dead-letters after DELIVERY_LIMIT failed deliveries.
          'x-delivery-limit': DELIVERY_LIMIT,
          'x-dead-letter-exchange': deadLetterExchange,
        },
      });
      for (const event of QUEUES[key].events) await channel.bindQueue(queues[key], exchange, event);
    }
  }

  private async startConsumer(session: Session, consumer: Consumer): Promise<void> {
    const channel = await session.connection.createChannel();
    this.watchChannel(session, channel);
    await channel.prefetch(consumer.prefetch);
    const { consumerTag } = await channel.consume(this.topology.queues[consumer.queue], (message) => {
      if (!message) {
        this.dropSession(session, new Error(`the broker cancelled the consumer of ${consumer.queue}`));
        return;
      }
      const run = this.handle(session, channel, consumer, message).finally(() => this.inFlight.delete(run));
      this.inFlight.add(run);
    });
    session.consumerChannels.set(consumer, { channel, consumerTag });
  }

  private async handle(
    session: Session,
    channel: Channel,
    consumer: Consumer,
    message: ConsumeMessage,
  ): Promise<void> {
    const headers = message.properties.headers ?? {};
    const requestId: unknown = headers[REQUEST_ID_HEADER];
    const context: MessageContext = {
      messageId: String(
        message.properties.messageId ?? `${message.fields.routingKey}:${message.fields.deliveryTag}`,
      ),
      // Deliveries before the message was parked for a retry, plus the ones the quorum queue
      // counted since (returned by a consumer that died or lost its channel).
      attempt: Number(headers[ATTEMPT_HEADER] ?? 0) + Number(headers['x-delivery-count'] ?? 0) + 1,
      maxAttempts: this.retryPolicy.maxAttempts,
      replayed: headers[REPLAY_HEADER] === true || headers[REPLAY_HEADER] === 'true',
      requestId: typeof requestId === 'string' ? requestId : undefined,
    };
    let payload: unknown;
    try {
      payload = JSON.parse(message.content.toString('utf8'));
    } catch {
      payload = undefined;
    }
    const outcome = await deliver({
      queue: consumer.queue,
      handlers: consumer.handlers,
      name: message.properties.type ?? message.fields.routingKey,
      payload,
      context,
      logger: this.logger,
    });
    try {
      if (outcome.kind === 'retry') {
        // Parked in a retry queue, then acked: the consumer never holds a message while it waits.
        // If parking fails the message goes back at once; the attempt count still grows.
        const parked = await this.park(session, consumer.queue, message, context.attempt).then(
          () => true,
          (error: unknown) => {
            this.logger.warn({ err: error, messageId: context.messageId }, 'could not park a message');
            return false;
          },
        );
        if (parked) channel.ack(message);
        else channel.nack(message, false, true);
      } else if (outcome.kind === 'ack') channel.ack(message);
      else channel.nack(message, false, false);
    } catch (error) {
      // The channel died while the handler ran: the broker redelivers the message on its own.
      this.logger.warn(
        { err: error, messageId: context.messageId },
        'could not settle a message; it will be redelivered',
      );
    }
  }

  /** Copies a message into the retry queue for its attempt, with the policy's delay as its TTL. */
  private async park(session: Session, queue: QueueKey, message: ConsumeMessage, attempt: number) {
    const retryQueue = this.topology.retryQueue(queue, attempt);
    if (!session.retryQueues.has(retryQueue)) {
      await session.publishChannel.assertQueue(retryQueue, {
        durable: true,
        arguments: {
          'x-dead-letter-exchange': '',
          'x-dead-letter-routing-key': this.topology.queues[queue],
        },
      });
      session.retryQueues.add(retryQueue);
    }
    const headers = Object.fromEntries(
      Object.entries(message.properties.headers ?? {}).filter(([name]) => !BROKER_HEADERS.test(name)),
    );
    const delay = retryDelayMs(this.retryPolicy, attempt);
    await confirmPublish(session.publishChannel, '', retryQueue, message.content, {
      persistent: true,
      messageId: message.properties.messageId as string | undefined,
      type: (message.properties.type as string | undefined) ?? message.fields.routingKey,
      contentType: message.properties.contentType as string | undefined,
      timestamp: message.properties.timestamp as number | undefined,
      expiration: String(delay),
      headers: { ...headers, [ATTEMPT_HEADER]: attempt },
    });
  }

  private waitForSession(deadline: number): Promise<Session> {
    if (this.closing) return Promise.reject(new Error('the message bus is closed'));
    if (this.session) return Promise.resolve(this.session);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        resolve: (session) => {
          clearTimeout(timer);
          resolve(session);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(
        () => {
          this.waiters.delete(waiter);
          reject(new Error(`the message broker was not reachable within ${this.connectTimeoutMs} ms`));
        },
        Math.max(0, deadline - Date.now()),
      );
      this.waiters.add(waiter);
    });
  }
}

function confirmPublish(
  channel: ConfirmChannel,
  exchange: string,
  routingKey: string,
  content: Buffer,
  properties: Options.Publish,
): Promise<void> {
  return new Promise((resolve, reject) => {
    channel.publish(exchange, routingKey, content, properties, (error: unknown) => {
      if (error) reject(error instanceof Error ? error : new Error('the broker did not confirm the publish'));
      else resolve();
    });
  });
}
