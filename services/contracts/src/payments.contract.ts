import { z } from 'zod';
import { readingIdSchema, unlockPriceSchema } from './reading.contract';

/** POST /api/payments/checkout: where the browser goes to pay for this reading. */
export const checkoutRequestSchema = z.object({ readingId: readingIdSchema });
export const checkoutStartedSchema = z.object({ url: z.string() });
export type CheckoutStarted = z.infer<typeof checkoutStartedSchema>;

/**
 * GET /api/payments/offer: what this site sells, as configured, for pages that state it before any
 * reading exists (the policy pages); null price: nothing is sold and every reading is free.
 */
export const paymentOfferSchema = z.object({ price: unlockPriceSchema.nullable() });
export type PaymentOffer = z.infer<typeof paymentOfferSchema>;

export const PURCHASE_STATUSES = ['paid', 'refunded'] as const;

export const purchaseSchema = z.object({
  /** The Checkout Session id. */
  id: z.string(),
  readingId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  paidAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** GET /api/admin/payments: the dashboard's "Purchases" card. */
export const purchasesSummarySchema = z.object({
  enabled: z.boolean(),
  count: z.number().int(),
  /** Paid minus refunded, per currency, in minor units. */
  revenue: z.array(z.object({ currency: z.string(), amount: z.number().int() })),
  refunds: z.number().int(),
  recent: z.array(purchaseSchema),
});
export type PurchasesSummary = z.infer<typeof purchasesSummarySchema>;
