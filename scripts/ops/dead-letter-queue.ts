import { connect, type ChannelModel, type ConfirmChannel, type GetMessage, type Options } from 'amqplib';
import {
  ATTEMPT_HEADER,
  BROKER_HEADERS,
  REPLAY_HEADER,
  REQUEST_ID_HEADER,
  amqpTopology,
} from '@palm/platform';

/** What an operator needs to know about one dead-lettered message. */
export interface DeadLetterSummary {
  messageId: string | undefined;
  event: string;
  readingId: string | undefined;
  requestId: string | undefined;
  /** The queue the message died in, when the broker recorded it. */
  queue: string | undefined;
  /** The broker's reason (`rejected` when a consumer gave up on it, `delivery_limit`, `expired` …). */
  reason: string | undefined;
  /** How many times it has been dead-lettered from that queue. */
  deaths: number;
}

export interface ReplayOutcome {
  replayed: DeadLetterSummary[];
  /** Messages that did not match the filter and stay in the dead-letter queue. */
  skipped: number;
}

export interface DeadLetterFilter {
  readingId?: string;
  limit?: number;
}

export interface DeadLetterQueue {
  count(): Promise<number>;
  /** Reads messages without removing them: each is returned to the queue afterwards. */
  list(filter?: DeadLetterFilter): Promise<DeadLetterSummary[]>;
  /**
   * Sends each message back, marked as replayed, to the queue it died in (or, when the broker did not record one,
   * to the events exchange under its routing key) and removes it from the dead-letter queue once
   * the broker confirmed the new copy. Only the messages present at the start are handled, so a
   * message that dies again at once is not replayed in a loop.
   */
  replay(filter?: DeadLetterFilter): Promise<ReplayOutcome>;
  /** Deletes every dead-lettered message; resolves with how many there were. */
  purge(): Promise<number>;
  close(): Promise<void>;
}

interface DeathRecord {
  queue?: unknown;
  reason?: unknown;
  count?: unknown;
  exchange?: unknown;
  'routing-keys'?: unknown;
}

export async function openDeadLetterQueue(url: string, namespace = ''): Promise<DeadLetterQueue> {
  const topology = amqpTopology(namespace);
  const knownQueues = new Set(Object.values(topology.queues));
  const connection: ChannelModel = await connect(url, {
    clientProperties: { connection_name: 'palm dlq tool' },
  });
  let channel: ConfirmChannel;
  try {
    channel = await connection.createConfirmChannel();
    await channel.checkQueue(topology.deadLetterQueue);
  } catch (error) {
    await connection.close().catch(() => undefined);
    throw new Error(
      `The dead-letter queue "${topology.deadLetterQueue}" is not there: has any service started against this broker?`,
      { cause: error },
    );
  }

  const count = async () => (await channel.checkQueue(topology.deadLetterQueue)).messageCount;

  /** Takes up to `max` messages without acknowledging them; they stay reserved until settled. */
  async function take(max: number): Promise<GetMessage[]> {
    const taken: GetMessage[] = [];
    while (taken.length < max) {
      const message = await channel.get(topology.deadLetterQueue, { noAck: false });
      if (message === false) break;
      taken.push(message);
    }
    return taken;
  }

  const matches = (summary: DeadLetterSummary, filter: DeadLetterFilter) =>
    filter.readingId === undefined || summary.readingId === filter.readingId;

  function republish(message: GetMessage, summary: DeadLetterSummary): Promise<void> {
    // A replayed message starts afresh (its attempts counted from one) and says it is a replay,
    // so a job that gave up during an outage runs again instead of repeating its failure.
    const headers = {
      ...Object.fromEntries(
        Object.entries(message.properties.headers ?? {}).filter(
          ([name]) => !BROKER_HEADERS.test(name) && name !== ATTEMPT_HEADER,
        ),
      ),
      [REPLAY_HEADER]: true,
    };
    const properties: Options.Publish = {
      persistent: true,
      messageId: message.properties.messageId as string | undefined,
      type: message.properties.type as string | undefined,
      contentType: message.properties.contentType as string | undefined,
      timestamp: message.properties.timestamp as number | undefined,
      headers,
    };
    const toOrigin = summary.queue !== undefined && knownQueues.has(summary.queue);
    const [exchange, routingKey] = toOrigin
      ? ['', summary.queue!]
      : [topology.exchange, originalRoutingKey(message)];
    return new Promise((resolve, reject) => {
      channel.publish(exchange, routingKey, message.content, properties, (error: unknown) => {
        if (error)
          reject(error instanceof Error ? error : new Error('the broker did not confirm the replay'));
        else resolve();
      });
    });
  }

  return {
    count,

    async list(filter = {}) {
      const taken = await take(await count());
      channel.nackAll(true);
      const summaries = taken.map(summariseDeadLetter).filter((summary) => matches(summary, filter));
      return filter.limit === undefined ? summaries : summaries.slice(0, filter.limit);
    },

    async replay(filter = {}) {
      const taken = await take(await count());
      const replayed: DeadLetterSummary[] = [];
      let skipped = 0;
      for (const message of taken) {
        const summary = summariseDeadLetter(message);
        const wanted =
          matches(summary, filter) && (filter.limit === undefined || replayed.length < filter.limit);
        if (!wanted) {
          channel.nack(message, false, true);
          skipped += 1;
          continue;
        }
        try {
          await republish(message, summary);
        } catch (error) {
          channel.nackAll(true);
          throw error;
        }
        channel.ack(message);
        replayed.push(summary);
      }
      await channel.waitForConfirms();
      return { replayed, skipped };
    },

    async purge() {
      const { messageCount } = await channel.purgeQueue(topology.deadLetterQueue);
      return messageCount;
    },

    async close() {
      await channel.close().catch(() => undefined);
      await connection.close().catch(() => undefined);
    },
  };
}

export function summariseDeadLetter(message: GetMessage): DeadLetterSummary {
  const headers = message.properties.headers ?? {};
  const deaths = Array.isArray(headers['x-death']) ? (headers['x-death'] as DeathRecord[]) : [];
  const latest = deaths[0];
  const requestId: unknown = headers[REQUEST_ID_HEADER];
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    messageId: text(message.properties.messageId),
    event: text(message.properties.type) ?? originalRoutingKey(message),
    readingId: readingIdOf(message.content),
    requestId: text(requestId),
    queue: text(latest?.queue) ?? text(headers['x-first-death-queue']),
    reason: text(latest?.reason) ?? text(headers['x-first-death-reason']),
    deaths: Number(latest?.count ?? (deaths.length > 0 ? 1 : 0)),
  };
}

function originalRoutingKey(message: GetMessage): string {
  const deaths = message.properties.headers?.['x-death'] as DeathRecord[] | undefined;
  const keys = deaths?.[0]?.['routing-keys'];
  return Array.isArray(keys) && typeof keys[0] === 'string' ? keys[0] : message.fields.routingKey;
}

function readingIdOf(content: Buffer): string | undefined {
  try {
    const payload = JSON.parse(content.toString('utf8')) as { readingId?: unknown };
    return typeof payload.readingId === 'string' ? payload.readingId : undefined;
  } catch {
    return undefined;
  }
}
