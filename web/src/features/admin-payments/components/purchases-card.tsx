import type { Purchase } from '@palm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToastedMutation } from '@/hooks/use-toasted-mutation';
import { describeError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format-price';
import { ADMIN_PAYMENTS_PATH, getPurchasesQueryOptions, refundPurchase } from '../api/admin-payments.api';
import './purchases-card.css';

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** The dashboard's "Purchases" card: totals, the latest 50 purchases, and a refund for each paid one. */
export function PurchasesCard() {
  const queryClient = useQueryClient();
  const purchases = useQuery(getPurchasesQueryOptions());
  const [toRefund, setToRefund] = useState<Purchase | null>(null);
  const refund = useToastedMutation({
    success: { title: 'Refund issued', description: 'The reading is locked again.' },
    failure: 'Error',
    mutationFn: (purchase: Purchase) => refundPurchase(purchase.id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: [ADMIN_PAYMENTS_PATH] }),
    onSettled: () => setToRefund(null),
  });

  const summary = purchases.data;
  return (
    <Card className="purchases-card">
      <h2>Purchases</h2>
      {purchases.isPending ? <Spinner label="Loading purchases" /> : null}
      {purchases.isError ? (
        <p role="alert">{describeError(purchases.error, 'The purchases could not be loaded.')}</p>
      ) : null}
      {summary && !summary.enabled ? (
        <p className="purchases-card__note">
          Payments are not configured (no STRIPE_SECRET_KEY): every reading is shown in full and nothing is
          sold.
        </p>
      ) : null}
      {summary ? (
        <>
          <dl className="purchases-card__totals">
            <div>
              <dt>Purchases</dt>
              <dd>{summary.count}</dd>
            </div>
            <div>
              <dt>Revenue</dt>
              <dd>
                {summary.revenue.length === 0
                  ? '—'
                  : summary.revenue.map((total) => formatPrice(total)).join(' · ')}
              </dd>
            </div>
            <div>
              <dt>Refunds</dt>
              <dd>{summary.refunds}</dd>
            </div>
          </dl>
          {summary.recent.length > 0 ? (
            <div className="purchases-card__scroll">
              <table className="purchases-card__table">
                <caption>Latest purchases</caption>
                <thead>
                  <tr>
                    <th scope="col">Paid</th>
                    <th scope="col">Reading</th>
                    <th scope="col">Amount</th>
                    <th scope="col">Status</th>
                    <th scope="col">
                      <span className="visually-hidden">Action</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {summary.recent.map((purchase) => (
                    <tr key={purchase.id}>
                      <td>{dateTime.format(new Date(purchase.paidAt))}</td>
                      <td>
                        <Link to={`/report/${purchase.readingId}`}>
                          <code>{purchase.readingId}</code>
                        </Link>
                      </td>
                      <td>{formatPrice(purchase)}</td>
                      <td>
                        <Badge tone={purchase.status === 'paid' ? 'success' : 'muted'}>
                          {purchase.status}
                        </Badge>
                      </td>
                      <td>
                        {purchase.status === 'paid' && summary.enabled ? (
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() => setToRefund(purchase)}
                            aria-label={`Refund the purchase of reading ${purchase.readingId}`}
                          >
                            Refund
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="purchases-card__note">No purchases yet.</p>
          )}
        </>
      ) : null}
      <ConfirmDialog
        open={toRefund !== null}
        title="Refund purchase"
        description={`Refund ${toRefund ? formatPrice(toRefund) : ''} for reading ${toRefund?.readingId ?? ''}? Stripe returns the whole payment and the reading is locked again.`}
        confirmLabel="Refund"
        pending={refund.isPending}
        onConfirm={() => toRefund && refund.mutate(toRefund)}
        onCancel={() => setToRefund(null)}
      />
    </Card>
  );
}
