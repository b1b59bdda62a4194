import { useEffect } from 'react';
import { Link } from 'react-router';
import { PolicySection, StaticPageLayout } from '@/components/layout/static-page-layout';
import { BRAND_NAME, POLICY_LAST_UPDATED, SUPPORT_EMAIL, SUPPORT_MAILTO } from '@/config/brand';
import { offerPriceOr, usePaymentOffer } from '@/features/unlock/api/get-payment-offer';

export default function TermsConditionsRoute() {
  const price = offerPriceOr(usePaymentOffer(), 'the price shown before you pay');
  useEffect(() => {
    document.title = `Terms and Conditions — ${BRAND_NAME}`;
  }, []);

  return (
    <StaticPageLayout
      title="Terms and Conditions"
      lastUpdated={POLICY_LAST_UPDATED}
      intro={
        <p>Please read these terms before using {BRAND_NAME}. By requesting a reading you agree to them.</p>
      }
    >
      <PolicySection number={1} title="Acceptance of Terms">
        <p>
          These terms govern your use of the {BRAND_NAME} website and palm-reading service. If you do not
          agree with them, please do not use the service.
        </p>
      </PolicySection>

      <PolicySection number={2} title="Eligibility">
        <p>You must be at least 18 years old to use the service. By using it you confirm that you are.</p>
      </PolicySection>

      <PolicySection number={3} title="Nature of the Service">
        <p>
          {BRAND_NAME} provides AI-generated palm readings inspired by the Vedic (traditional Indian)
          palmistry tradition. Readings are for entertainment and self-reflection only. They are not medical,
          psychological, legal, financial or other professional advice, and you should not base important
          decisions on them. Readings are available in English only.
        </p>
      </PolicySection>

      <PolicySection number={4} title="Free Preview and Full Reading">
        <p>
          Every visitor receives a free preview of their reading without a credit card. The complete reading
          can be unlocked for a one-off payment of {price}, which includes a full detailed reading for all
          life areas, personalized future predictions and a PDF download. The preview holds the opening of
          your reading and your first focus area in full, and the first insight of each other area. Where the
          full reading is not offered for sale, the complete reading is shown free.
        </p>
      </PolicySection>

      <PolicySection number={5} title="Payments and Refunds">
        <p>
          Prices are shown before you pay. Payments are handled by our payment provider, Stripe; we never see
          or store your card details. You may ask for a refund within 7 days of purchase; refunds are governed
          by our <Link to="/refund-policy">Refund Policy</Link>.
        </p>
      </PolicySection>

      <PolicySection number={6} title="Your Photos and Answers">
        <ul>
          <li>Only upload photos of your own hands, or photos you have permission to use.</li>
          <li>
            You keep all rights to your photos and answers. You give us a limited permission to process them
            solely to produce and deliver your reading.
          </li>
          <li>Palm images are processed temporarily and are not permanently stored.</li>
        </ul>
      </PolicySection>

      <PolicySection number={7} title="Delivery of Reports">
        <p>
          Reports are delivered on screen, by email when you ask for it, and by SMS if you give a phone
          number. They can be downloaded as a PDF and, when you choose, shared through secure links. See{' '}
          <Link to="/shipping-delivery">Shipping and Delivery</Link> for details.
        </p>
      </PolicySection>

      <PolicySection number={8} title="Acceptable Use">
        <ul>
          <li>Do not use the service for anything unlawful, harmful or deceptive.</li>
          <li>
            Do not upload images of other people without their consent, or images that are not of a hand.
          </li>
          <li>Do not attempt to disrupt, overload, scrape or reverse engineer the service.</li>
          <li>Do not resell or use readings commercially without our written permission.</li>
        </ul>
      </PolicySection>

      <PolicySection number={9} title="Intellectual Property">
        <p>
          The website, its design, text and software belong to {BRAND_NAME}. Your reading is licensed to you
          for personal, non-commercial use.
        </p>
      </PolicySection>

      <PolicySection number={10} title="Disclaimers">
        <p>
          The service is provided “as is”. We do not promise that readings are accurate, that predictions will
          come true, or that the service will always be available or free of errors.
        </p>
      </PolicySection>

      <PolicySection number={11} title="Limitation of Liability">
        <p>
          To the extent the law allows, {BRAND_NAME} is not liable for indirect or consequential losses
          arising from your use of the service, and our total liability is limited to the amount you paid for
          the reading concerned.
        </p>
      </PolicySection>

      <PolicySection number={12} title="Changes to These Terms">
        <p>
          We may change these terms or the service. Changes take effect when posted on this page; continuing
          to use the service means you accept them.
        </p>
      </PolicySection>

      <PolicySection number={13} title="Contact">
        <p>
          Questions about these terms? Write to <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
        </p>
      </PolicySection>
    </StaticPageLayout>
  );
}
