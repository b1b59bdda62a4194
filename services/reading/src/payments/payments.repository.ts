import type { Knex } from 'knex';
import type { Purchase, PurchasesSummary } from '@palm/contracts';
import type { Database } from '@palm/platform';

interface PurchaseRow {
  id: string;
  reading_id: string;
  amount: number;
  currency: string;
  payment_intent: string | null;
  status: Purchase['status'];
  paid_at: Date | string;
  refunded_at: Date | string | null;
}

export interface CompletedCheckout {
  sessionId: string;
  readingId: string;
  amount: number;
  currency: string;
  paymentIntent: string | null;
}

const toPurchase = (row: PurchaseRow): Purchase => ({
  id: row.id,
  readingId: row.reading_id,
  amount: Number(row.amount),
  currency: row.currency,
  status: row.status,
  paidAt: new Date(row.paid_at).toISOString(),
  refundedAt: row.refunded_at ? new Date(row.refunded_at).toISOString() : null,
});

/** Records an event id; false when it was handled before (inside `trx`, so it commits with its effect). */
async function firstDelivery(trx: Knex.Transaction, eventId: string, type: string): Promise<boolean> {
  const inserted = await trx('payment_events')
    .insert({ id: eventId, type })
    .onConflict('id')
    .ignore()
    .returning('id');
  return inserted.length > 0;
}

/**
 * A refund takes back what the purchase bought: the reading locks again unless another paid
 * purchase still stands for it. False when the purchase was not (or no longer) paid.
 */
async function refundInside(trx: Knex.Transaction, where: Partial<PurchaseRow>): Promise<boolean> {
  const [row] = await trx<PurchaseRow>('reading_purchases')
    .where({ ...where, status: 'paid' })
    .update({ status: 'refunded', refunded_at: trx.fn.now() })
    .returning('*');
  if (!row) return false;
  const stillPaid = await trx<PurchaseRow>('reading_purchases')
    .where({ reading_id: row.reading_id, status: 'paid' })
    .first('id');
  if (!stillPaid) await trx('readings').where({ id: row.reading_id }).update({ unlocked_at: null });
  return true;
}

export function createPaymentsRepository(db: Database) {
  return {
    /**
     * A paid checkout (completed, or its delayed payment succeeded) unlocks its reading; the event
     * id, the purchase and the unlock commit together, so the same event twice unlocks once.
     * 'unknown-reading' is recorded as handled.
     */
    async recordCheckout(
      event: { id: string; type: string },
      checkout: CompletedCheckout,
    ): Promise<'unlocked' | 'duplicate' | 'unknown-reading'> {
      return db.transaction(async (trx: Knex.Transaction) => {
        if (!(await firstDelivery(trx, event.id, event.type))) return 'duplicate';
        const unlocked = await trx('readings')
          .where({ id: checkout.readingId })
          .update({ unlocked_at: trx.fn.now() });
        if (unlocked === 0) return 'unknown-reading';
        await trx('reading_purchases')
          .insert({
            id: checkout.sessionId,
            reading_id: checkout.readingId,
            amount: checkout.amount,
            currency: checkout.currency,
            payment_intent: checkout.paymentIntent,
            status: 'paid',
          })
          .onConflict('id')
          .ignore();
        return 'unlocked';
      });
    },

    /** An event that changes nothing here (a failed delayed payment): recorded, so its log says it once. */
    async recordEvent(event: { id: string; type: string }): Promise<'recorded' | 'duplicate'> {
      return db.transaction(async (trx: Knex.Transaction) =>
        (await firstDelivery(trx, event.id, event.type)) ? 'recorded' : 'duplicate',
      );
    },

    /**
     * A payment refunded in full at Stripe (the dashboard, or the operator's own refund coming back)
     * refunds the purchase it paid for, found by its payment intent, once per event.
     */
    async recordRefund(
      event: { id: string; type: string },
      paymentIntent: string,
    ): Promise<'relocked' | 'duplicate' | 'unknown-payment' | 'already-refunded'> {
      return db.transaction(async (trx: Knex.Transaction) => {
        if (!(await firstDelivery(trx, event.id, event.type))) return 'duplicate';
        const known = await trx<PurchaseRow>('reading_purchases')
          .where({ payment_intent: paymentIntent })
          .first('id');
        if (!known) return 'unknown-payment';
        return (await refundInside(trx, { payment_intent: paymentIntent })) ? 'relocked' : 'already-refunded';
      });
    },

    /** A purchase, with the payment a refund goes against. */
    async find(id: string): Promise<{ purchase: Purchase; paymentIntent: string | null } | undefined> {
      const row = await db<PurchaseRow>('reading_purchases').where({ id }).first();
      return row ? { purchase: toPurchase(row), paymentIntent: row.payment_intent } : undefined;
    },

    async markRefunded(id: string): Promise<void> {
      await db.transaction(async (trx: Knex.Transaction) => {
        await refundInside(trx, { id });
      });
    },

    async summary(recentLimit: number): Promise<Omit<PurchasesSummary, 'enabled'>> {
      const recent = await db<PurchaseRow>('reading_purchases').orderBy('paid_at', 'desc').limit(recentLimit);
      const totals: { currency: string; status: string; count: string | number; amount: string | number }[] =
        await db('reading_purchases')
          .select('currency', 'status')
          .count({ count: '*' })
          .sum({ amount: 'amount' })
          .groupBy('currency', 'status');
      const revenue = new Map<string, number>();
      let count = 0;
      let refunds = 0;
      for (const row of totals) {
        count += Number(row.count);
        if (row.status === 'refunded') refunds += Number(row.count);
        else revenue.set(row.currency, (revenue.get(row.currency) ?? 0) + Number(row.amount));
      }
      return {
        count,
        refunds,
        revenue: [...revenue].map(([currency, amount]) => ({ currency, amount })),
        recent: recent.map(toPurchase),
      };
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
