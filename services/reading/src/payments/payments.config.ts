import { z } from 'zod';
import { urlSetting } from '@palm/platform';

const optionalSecret = z.string().trim().min(1).optional();

/** The reading service's payment settings; without STRIPE_SECRET_KEY nothing is sold or gated. */
export const paymentSettings = {
  STRIPE_SECRET_KEY: optionalSecret,
  /** The webhook endpoint's signing secret (whsec_…); required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: optionalSecret,
  /** Another Stripe API host, e.g. a local stand-in in tests. */
  STRIPE_API_URL: urlSetting(),
  /** The one-off price of the full reading, in the currency's minor units. */
  PAYMENT_PRICE: z.coerce.number().int().min(50, 'expected a price in minor units ≥ 50').default(999),
  PAYMENT_CURRENCY: z
    .string()
    .trim()
    .regex(/^[a-zA-Z]{3}$/, 'expected a three-letter ISO currency code')
    .transform((code) => code.toLowerCase())
    .default('usd'),
};

export interface PaymentOptions {
  secretKey: string;
  webhookSecret: string;
  apiUrl?: string;
  price: number;
  currency: string;
}

type PaymentConfig = z.infer<z.ZodObject<typeof paymentSettings>>;

/** A key without its webhook secret could take payments that never unlock: start-up stops instead. */
export function checkPaymentSettings(config: PaymentConfig, ctx: z.RefinementCtx): void {
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['STRIPE_WEBHOOK_SECRET'],
      message: 'required when STRIPE_SECRET_KEY is set',
    });
  }
}

/** Payments are on only with both Stripe secrets (checkPaymentSettings refuses one without the other). */
export function paymentOptions(config: PaymentConfig): PaymentOptions | undefined {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return undefined;
  return {
    secretKey: config.STRIPE_SECRET_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiUrl: config.STRIPE_API_URL,
    price: config.PAYMENT_PRICE,
    currency: config.PAYMENT_CURRENCY,
  };
}
