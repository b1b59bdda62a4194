import type { PaymentOffer } from '@palm/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { formatPrice } from '@/lib/format-price';

const PAYMENT_OFFER_PATH = '/api/payments/offer';

/**
 * What this site sells, as the server is configured (PAYMENT_PRICE, PAYMENT_CURRENCY, Stripe on or
 * off). Undefined until it has loaded (or if it cannot), and in the prerendered page.
 */
export function usePaymentOffer(): PaymentOffer | undefined {
  return useQuery(
    queryOptions({
      queryKey: [PAYMENT_OFFER_PATH],
      queryFn: () => apiRequest<PaymentOffer>(PAYMENT_OFFER_PATH),
      staleTime: 5 * 60_000,
    }),
  ).data;
}

/** "$9.99", or words that stay true while the price is not known here. */
export const offerPriceOr = (offer: PaymentOffer | undefined, unknown: string) =>
  offer?.price ? formatPrice(offer.price) : unknown;
