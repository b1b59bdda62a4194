import { useEffect } from 'react';
import { PolicySection, StaticPageLayout } from '@/components/layout/static-page-layout';
import {
  BRAND_NAME,
  POLICY_LAST_UPDATED,
  SUPPORT_EMAIL,
  SUPPORT_HOURS,
  SUPPORT_HOURS_NOTE,
  SUPPORT_MAILTO,
} from '@/config/brand';
import { offerPriceOr, usePaymentOffer } from '@/features/unlock/api/get-payment-offer';

export default function RefundPolicyRoute() {
  const offer = usePaymentOffer();
  const price = offerPriceOr(offer, 'the price shown before you pay');
  useEffect(() => {
    document.title = `Refund Policy — ${BRAND_NAME}`;
  }, []);

  return (
    <StaticPageLayout
      title="Refund Policy"
      lastUpdated={POLICY_LAST_UPDATED}
      intro={
        <>
          <p>We want every reading to feel worth it. Here is when and how you can get your money back.</p>
          <p>
            What you buy: a one-off payment of {price} unlocks one reading — every life area in full, the
            Timeline of personalised predictions and the PDF download. It is a single purchase, not a
            subscription: nothing renews and nothing is charged again.
            {offer && !offer.price
              ? ' This site sells nothing at the moment: every reading is shown in full, free.'
              : null}
          </p>
        </>
      }
    >
      <PolicySection number={1} title="Refund Eligibility">
        <p>You may request a refund for a paid reading in these cases:</p>
        <ul>
          <li>
            <strong>Technical issues</strong> — your reading failed to generate or was never delivered.
          </li>
          <li>
            <strong>Service unavailability</strong> — you paid but could not use the service because it was
            down.
          </li>
          <li>
            <strong>Billing errors or duplicate charges</strong> — you were charged the wrong amount or more
            than once.
          </li>
          <li>
            <strong>Unsatisfactory quality</strong> — the report was substantially incomplete or clearly
            unrelated to the images you provided.
          </li>
        </ul>
      </PolicySection>

      <PolicySection number={2} title="Refund Timeline">
        <ul>
          <li>Requests must be made within 7 days of purchase.</li>
          <li>We review each request within 3-5 business days.</li>
          <li>
            Once approved, the refund appears within 5-10 business days: credit and debit cards 5-10 business
            days, PayPal typically 3-5 business days, bank transfers up to 10 business days.
          </li>
        </ul>
      </PolicySection>

      <PolicySection number={3} title="Non-Refundable Services">
        <ul>
          <li>
            Readings that have been fully consumed or downloaded, unless a technical fault affected them.
          </li>
          <li>
            Disagreement with the interpretations in a reading — readings are for entertainment and
            reflection.
          </li>
          <li>Readings used for unauthorized commercial purposes.</li>
          <li>Requests made more than 7 days after purchase.</li>
          <li>Free or promotional services, including the free preview.</li>
        </ul>
      </PolicySection>

      <PolicySection number={4} title="How to Request a Refund">
        <p>
          Contact our support team at <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a> and include:
        </p>
        <ul>
          <li>
            The link to your reading (it ends in the reading&apos;s id, which is how we find your purchase),
            or your order number, and the transaction details (date, amount and payment method).
          </li>
          <li>The reason for your request.</li>
          <li>Screenshots of any error or technical problem, if you have them.</li>
        </ul>
      </PolicySection>

      <PolicySection number={5} title="Cancellation Policy">
        <ul>
          <li>You can cancel a purchase for a full refund before your reading has been generated.</li>
          <li>
            Subscriptions, if any are offered, can be cancelled at any time. They stay active until the end of
            the current billing period, and the unused portion is not refunded.
          </li>
        </ul>
      </PolicySection>

      <PolicySection number={6} title="Refund Process">
        <p>
          Every request goes through the same steps: request, review (3-5 business days), approval and payout.
          Approved refunds are returned to the original payment method, and you receive an email confirmation
          when your refund is issued. A refunded reading goes back to its free preview.
        </p>
      </PolicySection>

      <PolicySection number={7} title="Partial Refunds">
        <p>
          Where only part of a service was affected — for example, one section of a reading failed to generate
          — we may offer a partial refund in proportion to what was not delivered.
        </p>
      </PolicySection>

      <PolicySection number={8} title="Dispute Resolution">
        <ul>
          <li>
            If you disagree with a decision, reply to our email and a senior team member will review your
            case.
          </li>
          <li>We may ask for additional documents to help resolve it.</li>
          <li>You keep the right to request a chargeback through your card issuer.</li>
          <li>You may also contact your local consumer protection agency.</li>
        </ul>
      </PolicySection>

      <PolicySection number={9} title="Policy Changes">
        <p>We may update this policy. Changes take effect as soon as they are posted on this page.</p>
      </PolicySection>

      <PolicySection number={10} title="Contact Information">
        <p>
          Email: <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>
        </p>
        <ul>
          {SUPPORT_HOURS.map((slot) => (
            <li key={slot.days}>
              {slot.days}: {slot.hours} ({SUPPORT_HOURS_NOTE.toLowerCase()})
            </li>
          ))}
        </ul>
        <p>We respond within 24 hours on business days.</p>
      </PolicySection>

      <PolicySection number={11} title="Our Commitment to Your Satisfaction">
        <p>
          Your trust matters more to us than any single sale. If something about your reading did not feel
          right, tell us — even when a refund does not apply, we will do our best to make it right.
        </p>
      </PolicySection>
    </StaticPageLayout>
  );
}
