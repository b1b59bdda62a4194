import type { Purchase, PurchasesSummary } from '@palm/contracts';
import { queryOptions } from '@tanstack/react-query';
import { adminRequest } from '@/lib/api-client';

export const ADMIN_PAYMENTS_PATH = '/api/admin/payments';

export function getPurchasesQueryOptions() {
  return queryOptions({
    queryKey: [ADMIN_PAYMENTS_PATH],
    queryFn: () => adminRequest<PurchasesSummary>(ADMIN_PAYMENTS_PATH),
  });
}

/** Refunds the whole payment through Stripe; the reading it bought is locked again. */
export function refundPurchase(id: string): Promise<Purchase> {
  return adminRequest<Purchase>(`${ADMIN_PAYMENTS_PATH}/${encodeURIComponent(id)}/refund`, {
    method: 'POST',
  });
}
