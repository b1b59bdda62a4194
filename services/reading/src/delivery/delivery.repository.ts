import type { Knex } from 'knex';
import type { EventPayload } from '@palm/contracts';
import type { Database } from '@palm/platform';

export type DeliveryStatus = 'queued' | 'sending' | 'retrying' | 'sent' | 'failed';

export interface DeliveryRecord {
  id: string;
  readingId: string;
  email: string;
  /** The site origin the email's link points to; null for deliveries asked for before it was kept. */
  linkOrigin: string | null;
  status: DeliveryStatus;
  attempts: number;
}

interface DeliveryRow {
  id: string;
  reading_id: string;
  email: string;
  link_origin: string | null;
  status: DeliveryStatus;
  attempts: number;
}

/** One mapping for the claimed row and the found one, so a new column cannot reach only one. */
const toDelivery = (row: DeliveryRow): DeliveryRecord => ({
  id: row.id,
  readingId: row.reading_id,
  email: row.email,
  linkOrigin: row.link_origin,
  status: row.status,
  attempts: row.attempts,
});

/** A claim older than this is taken to belong to a worker that died while sending. */
const STALE_CLAIM_MS = 2 * 60 * 1000;

export type ClaimResult =
  | { kind: 'claimed'; delivery: DeliveryRecord }
  | { kind: 'done'; status: DeliveryStatus }
  | { kind: 'busy' }
  | { kind: 'missing' };

export function createDeliveryRepository(db: Database) {
  return {
    /** The delivery record and its reading.email.requested event commit together (the outbox). */
    async insertWithEvent(
      delivery: { id: string; readingId: string; email: string; linkOrigin: string },
      event: { payload: EventPayload<'reading.email.requested'>; requestId: string | undefined },
    ): Promise<void> {
      await db.transaction(async (trx: Knex.Transaction) => {
        await trx('reading_deliveries').insert({
          id: delivery.id,
          reading_id: delivery.readingId,
          email: delivery.email,
          link_origin: delivery.linkOrigin,
          status: 'queued',
        });
        await trx('reading_outbox').insert({
          message_id: delivery.id,
          event_name: 'reading.email.requested',
          payload: JSON.stringify(event.payload),
          request_id: event.requestId ?? null,
        });
      });
    },

    async countSince(readingId: string, since: Date): Promise<number> {
      const [row] = await db('reading_deliveries')
        .where({ reading_id: readingId })
        .andWhere('requested_at', '>=', since)
        .count<{ count: number | string }[]>({ count: '*' });
      return Number(row?.count ?? 0);
    },

    /**
     * Takes the delivery for one sending attempt. A sent one is never taken again, so a redelivered
     * event sends no second mail; a failed one is, when an operator replays its dead letter; one
     * being sent only once its sender has been silent for two minutes (it died mid-send).
     */
    async claim(id: string): Promise<ClaimResult> {
      const staleBefore = new Date(Date.now() - STALE_CLAIM_MS);
      const [row] = await db('reading_deliveries')
        .where({ id })
        .andWhere((query) =>
          query
            .whereIn('status', ['queued', 'retrying', 'failed'])
            .orWhere((stale) => stale.where('status', 'sending').andWhere('claimed_at', '<', staleBefore)),
        )
        .update({ status: 'sending', claimed_at: new Date(), attempts: db.raw('attempts + 1') })
        .returning<DeliveryRow[]>(['id', 'reading_id', 'email', 'link_origin', 'status', 'attempts']);
      if (row) return { kind: 'claimed', delivery: toDelivery(row) };
      const current = await db('reading_deliveries')
        .where({ id })
        .first<{ status: DeliveryStatus } | undefined>('status');
      if (!current) return { kind: 'missing' };
      return current.status === 'sending' ? { kind: 'busy' } : { kind: 'done', status: current.status };
    },

    async markSent(id: string): Promise<void> {
      await db('reading_deliveries')
        .where({ id })
        .update({ status: 'sent', sent_at: new Date(), last_error: null });
    },

    async markFailed(id: string, error: string, final: boolean): Promise<void> {
      await db('reading_deliveries')
        .where({ id })
        .update({ status: final ? 'failed' : 'retrying', last_error: error.slice(0, 500) });
    },

    async find(id: string): Promise<(DeliveryRecord & { lastError: string | null }) | undefined> {
      const row = await db('reading_deliveries')
        .where({ id })
        .first<(DeliveryRow & { last_error: string | null }) | undefined>();
      return row ? { ...toDelivery(row), lastError: row.last_error } : undefined;
    },
  };
}

export type DeliveryRepository = ReturnType<typeof createDeliveryRepository>;
