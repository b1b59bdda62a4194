import { eventSchemas, QUEUES, type EventName, type QueueKey } from '@palm/contracts';
import type { Logger } from '../logging/logger';
import { runWithRequestId } from '../logging/request-context';
import { counter, gauge } from '../http/metrics';
import { classifyFailure } from '../errors/failure-kind';
import { type EventHandler, type MessageContext, type QueueDepth, type QueueHandlers } from './message-bus';

export type DeliveryOutcome = { kind: 'ack' } | { kind: 'retry' } | { kind: 'dead_letter'; reason: string };

const messagesHandled = counter(
  'bus_messages_total',
  'Messages handled by bus consumers, by queue and outcome',
  ['queue', 'outcome'],
);

const deadLetterSources = new Set<() => Promise<number>>();
gauge('bus_dead_letters', 'Messages waiting in the dead-letter queue', [], async function () {
  // Every bus of a process looks at the same dead-letter queue, so the largest answer is the truth
  // (a sum would count the same messages once per bus).
  const counts = await Promise.all([...deadLetterSources].map((source) => source().catch(() => 0)));
  this.set(Math.max(0, ...counts));
});

const depthSources = new Set<() => Promise<Record<QueueKey, QueueDepth>>>();

/** Every bus of a process sees the same broker queues: the first bus that answers is the truth. */
async function currentDepths(): Promise<Record<QueueKey, QueueDepth> | undefined> {
  for (const source of depthSources) {
    const depths = await source().catch(() => undefined);
    if (depths) return depths;
  }
  return undefined;
}

for (const [name, help, field] of [
  ['bus_queue_depth', 'Messages waiting in a queue for a consumer (consumer lag)', 'waiting'],
  ['bus_queue_consumers', 'Consumers listening on a queue', 'consumers'],
] as const) {
  gauge(name, help, ['queue'], async function () {
    const depths = await currentDepths();
    for (const [key, depth] of Object.entries(depths ?? {})) {
      this.set({ queue: QUEUES[key as QueueKey].name }, depth[field]);
    }
  });
}

/** Lets the queue gauges ask this bus on scrape; returns the undo for `close()`. */
export function reportQueueDepths(source: () => Promise<Record<QueueKey, QueueDepth>>): () => void {
  depthSources.add(source);
  return () => depthSources.delete(source);
}

/** Lets the `bus_dead_letters` gauge ask this bus on scrape; returns the undo for `close()`. */
export function reportDeadLetters(source: () => Promise<number>): () => void {
  deadLetterSources.add(source);
  return () => deadLetterSources.delete(source);
}

export function isEventName(value: unknown): value is EventName {
  return typeof value === 'string' && Object.hasOwn(eventSchemas, value);
}

/**
 * Runs the queue's handler for one delivered message and decides what happens to it. The same
 * rules hold for every bus: an invalid payload or a permanent failure (`classifyFailure`) is
 * dead-lettered at once, any other failure is retried until `maxAttempts`, then dead-lettered.
 */
export async function deliver<Q extends QueueKey>(args: {
  queue: Q;
  handlers: QueueHandlers<Q>;
  name: unknown;
  payload: unknown;
  context: MessageContext;
  logger: Logger;
}): Promise<DeliveryOutcome> {
  const outcome = await runWithRequestId(args.context.requestId, () => decide(args));
  messagesHandled.inc({ queue: QUEUES[args.queue].name, outcome: outcome.kind });
  return outcome;
}

async function decide<Q extends QueueKey>({
  queue,
  handlers,
  name,
  payload,
  context,
  logger,
}: {
  queue: Q;
  handlers: QueueHandlers<Q>;
  name: unknown;
  payload: unknown;
  context: MessageContext;
  logger: Logger;
}): Promise<DeliveryOutcome> {
  const log = logger.child({ queue: QUEUES[queue].name, event: name, messageId: context.messageId });
  const handler = isEventName(name)
    ? (handlers as Partial<Record<EventName, EventHandler<EventName>>>)[name]
    : undefined;
  if (!isEventName(name) || !handler) {
    log.error('no handler for this event on this queue; dead-lettering it');
    return { kind: 'dead_letter', reason: `queue ${QUEUES[queue].name} has no handler for ${String(name)}` };
  }
  const parsed = eventSchemas[name].safeParse(payload);
  if (!parsed.success) {
    log.error({ issues: parsed.error.issues }, 'invalid event payload; dead-lettering it');
    return { kind: 'dead_letter', reason: `invalid ${name} payload: ${parsed.error.message}` };
  }
  try {
    await handler({ name, payload: parsed.data }, context);
    return { kind: 'ack' };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const kind = classifyFailure(error);
    if (kind === 'permanent') {
      log.error({ err: error, attempt: context.attempt }, 'message failed permanently; dead-lettering it');
      return { kind: 'dead_letter', reason };
    }
    if (context.attempt >= context.maxAttempts) {
      log.error(
        { err: error, attempt: context.attempt, failure: kind },
        'message failed on its last delivery; dead-lettering it',
      );
      return { kind: 'dead_letter', reason };
    }
    log.warn(
      { err: error, attempt: context.attempt, failure: kind },
      'message handler failed; it will be delivered again after a delay',
    );
    return { kind: 'retry' };
  }
}
