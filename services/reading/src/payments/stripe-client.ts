import Stripe from 'stripe';
import type { PaymentOptions } from './payments.config';

/** The official client, pointed at STRIPE_API_URL when set (a local stand-in in tests). */
export function createStripeClient(options: PaymentOptions): Stripe {
  const api = options.apiUrl ? new URL(options.apiUrl) : undefined;
  return new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api && {
      host: api.hostname,
      port: api.port || (api.protocol === 'http:' ? 80 : 443),
      protocol: api.protocol === 'http:' ? 'http' : 'https',
    }),
  });
}
