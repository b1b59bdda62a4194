import { QUEUES, type QueueKey } from '@palm/contracts';
import type { ConsumeOptions, MessageBus, QueueHandlers } from './message-bus';

/**
 * A queue a service consumes, as data: the queue, a handler per event it is bound to, and how many
 * deliveries at once. `QueueConsumer` alone is the union over every queue, so a list of consumers
 * keeps each one's handlers typed by its own queue.
 */
export type QueueConsumer<Q extends QueueKey = QueueKey> = {
  [K in Q]: { queue: K; handlers: QueueHandlers<K>; options?: ConsumeOptions };
}[Q];

/**
 * Throws, before anything starts, when the consumers of one process cannot be run as given: a queue
 * consumed twice (the second consumer would be refused by the bus after the first service started),
 * or a handler missing for an event the queue is bound to, or one for an event it never receives
 * (both possible past the types, e.g. with handlers built from a record at run time).
 */
export function checkQueueConsumers(consumers: readonly QueueConsumer[]): void {
  const problems: string[] = [];
  const seen = new Set<QueueKey>();
  for (const { queue, handlers } of consumers) {
    const { name, events } = QUEUES[queue];
    if (seen.has(queue)) problems.push(`queue ${name} is consumed more than once`);
    seen.add(queue);
    const bound: readonly string[] = events;
    const handled = Object.keys(handlers);
    for (const event of bound) {
      if (typeof (handlers as Record<string, unknown>)[event] !== 'function') {
        problems.push(`queue ${name} has no handler for ${event}`);
      }
    }
    for (const event of handled.filter((candidate) => !bound.includes(candidate))) {
      problems.push(`queue ${name} has a handler for ${event}, which it is not bound to`);
    }
  }
  if (problems.length > 0) throw new Error(`the queue consumers cannot start: ${problems.join('; ')}`);
}

/** Registers each consumer with the bus; from then on the bus owns it and stops it when closed. */
export async function startQueueConsumers(
  bus: MessageBus,
  consumers: readonly QueueConsumer[],
): Promise<void> {
  for (const consumer of consumers) await consume(bus, consumer);
}

function consume<Q extends QueueKey>(bus: MessageBus, consumer: QueueConsumer<Q>): Promise<void> {
  return bus.consume(consumer.queue, consumer.handlers, consumer.options);
}
