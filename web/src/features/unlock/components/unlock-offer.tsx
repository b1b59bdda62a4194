import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/hooks/use-hydrated';
import { formatPrice } from '@/lib/format-price';
import { useUnlockDialog, type UnlockOffer } from './unlock-dialog';

/** How often, and how long, a report returning from checkout asks whether the payment has arrived. */
const CONFIRM_POLL_MS = 2_000;
const CONFIRM_PATIENCE_MS = 60_000;

/**
 * The preview's call to unlock, shown only for a reading the server offers to unlock (`offer`).
 * Back from the payment page (`?checkout=complete`) it waits for Stripe's webhook, asking the page
 * to `recheck` the reading; once the reading is unlocked it drops that mark from the address, so a
 * later visit (after a refund, say) does not wait for a payment again.
 */
export function UnlockOfferCard({ offer, recheck }: { offer: UnlockOffer | null; recheck: () => void }) {
  const { openUnlock } = useUnlockDialog();
  const onPoll = useEffectEvent(recheck);
  const [params, setParams] = useSearchParams();
  const returned = params.get('checkout') === 'complete';
  const [waited, setWaited] = useState(false);
  const hydrated = useHydrated();
  const readingId = offer?.readingId;

  useEffect(() => {
    if (returned && !readingId) {
      setParams(
        (current) => {
          current.delete('checkout');
          return current;
        },
        { replace: true },
      );
    }
  }, [returned, readingId, setParams]);

  useEffect(() => {
    if (!returned || !readingId) return;
    const poll = setInterval(() => onPoll(), CONFIRM_POLL_MS);
    const giveUp = setTimeout(() => {
      clearInterval(poll);
      setWaited(true);
    }, CONFIRM_PATIENCE_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(giveUp);
    };
  }, [returned, readingId]);

  if (!offer) return null;
  if (returned && !waited) {
    return (
      <div className="unlock-cta" role="status">
        <p className="unlock-cta__title">Confirming your payment…</p>
        <p className="unlock-cta__text">Your full reading opens here as soon as the payment is confirmed.</p>
      </div>
    );
  }
  return (
    <div className="unlock-cta">
      <p className="unlock-cta__title">This is your free preview</p>
      <p className="unlock-cta__text">
        {returned
          ? 'We have not received the payment confirmation yet. If you were charged, write to us and we will unlock your reading.'
          : `Unlock every life area, personalised predictions and a PDF copy for ${formatPrice(offer.price)}.`}
      </p>
      <Button onClick={() => openUnlock(offer)} className="unlock-cta__button" disabled={!hydrated}>
        Unlock Full Reading
      </Button>
    </div>
  );
}
