import { useMutation } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { describeError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format-price';
import { startCheckout } from '../api/start-checkout';
import type { UnlockOffer } from './unlock-dialog';
import './unlock-dialog.css';

const BENEFITS = [
  'Full detailed reading for all life areas',
  'Personalized future predictions',
  'PDF download of your complete reading',
] as const;

export default function UnlockDialog({ offer, onClose }: { offer: UnlockOffer; onClose: () => void }) {
  const price = formatPrice(offer.price);
  const checkout = useMutation({
    mutationFn: () => startCheckout(offer.readingId),
    // The payment page is Stripe's: the browser leaves and comes back to the report when paid.
    onSuccess: ({ url }) => window.location.assign(url),
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title="Unlock Your Full Reading"
      description="Go beyond the free preview with the complete Vedic reading of your palm."
      className="unlock-dialog"
    >
      <p className="unlock-dialog__price">
        <span className="unlock-dialog__amount">{price}</span>
        <span className="unlock-dialog__terms">one-off payment</span>
      </p>
      <ul className="unlock-dialog__benefits">
        {BENEFITS.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      {checkout.isError ? (
        <p className="unlock-dialog__error" role="alert">
          {describeError(checkout.error, 'The payment page could not be opened. Please try again.')}
        </p>
      ) : null}
      <div className="unlock-dialog__actions">
        <Button
          size="lg"
          disabled={checkout.isPending || checkout.isSuccess}
          onClick={() => checkout.mutate()}
        >
          {checkout.isPending || checkout.isSuccess ? 'Opening secure checkout…' : `Unlock for ${price}`}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Continue with Free Preview
        </Button>
      </div>
      <p className="unlock-dialog__note">
        Payment is handled by Stripe. You can ask for a refund within 7 days of purchase.
      </p>
    </Dialog>
  );
}
