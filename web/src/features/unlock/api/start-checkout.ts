import type { CheckoutStarted } from '@palm/contracts';
import { apiRequest, jsonBody } from '@/lib/api-client';

/** POST /api/payments/checkout: the address of the payment page for this reading. */
export function startCheckout(readingId: string): Promise<CheckoutStarted> {
  return apiRequest<CheckoutStarted>('/api/payments/checkout', jsonBody('POST', { readingId }));
}
