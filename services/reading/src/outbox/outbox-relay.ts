import type { EventPayload } from '@palm/contracts';
import { sampledGauge, type Logger, type MessageBus } from '@palm/platform';
import type { ReadingRepository } from '../reading.repository';

export interface OutboxRelay {
  start(): void;
  /** Publish what is pending now instead of waiting for the next tick. */
  kick(): void;
  stop(): Promise<void>;
}

const outboxBacklog = sampledGauge('reading_outbox_backlog', 'Outbox rows not yet published to the bus');

/**
 * Publishes committed outbox rows, oldest first, and marks each one once the broker confirmed it.
 * If the broker is away, rows stay pending and the next tick tries again: an accepted reading is
 * published at least once (the worker de-duplicates by reading id).
 */
export function createOutboxRelay(deps: {
  repository: ReadingRepository;
  bus: MessageBus;
  logger: Logger;
  intervalMs?: number;
}): OutboxRelay {
  const { repository, bus, logger } = deps;
  const intervalMs = deps.intervalMs ?? 1_000;
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const withdrawBacklog = outboxBacklog(async () => [
    { labels: {}, value: await repository.outboxBacklog().catch(() => 0) },
  ]);

  async function drain(): Promise<void> {
    for (;;) {
      const batch = await repository.pendingOutbox(50);
      for (const message of batch) {
        if (stopped) return;
        // Stored as its contract reads it; the bus checks it against the contract as it publishes.
        const payload = message.payload as EventPayload<typeof message.eventName>;
        await bus.publish(message.eventName, payload, {
          messageId: message.messageId,
          requestId: message.requestId ?? undefined,
        });
        await repository.markPublished(message.id);
      }
      if (batch.length < 50) return;
    }
  }

  function kick(): void {
    if (stopped) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain()
      .catch((error: unknown) => logger.warn({ err: error }, 'outbox relay could not publish; will retry'))
      .finally(() => {
        draining = undefined;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  return {
    start() {
      stopped = false;
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    kick,
    async stop() {
      stopped = true;
      withdrawBacklog();
      clearInterval(timer);
      await draining;
    },
  };
}
