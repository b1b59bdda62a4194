import { useEffect } from 'react';
import { PolicySection, StaticPageLayout } from '@/components/layout/static-page-layout';
import { BRAND_NAME, POLICY_LAST_UPDATED, SUPPORT_EMAIL, SUPPORT_MAILTO } from '@/config/brand';
import { daysOr, useReadingPolicy } from '@/features/reading/api/get-reading-policy';

export default function ShippingDeliveryRoute() {
  const policy = useReadingPolicy();
  const imageDays = daysOr(policy?.imageRetentionDays, 'the configured retention period');
  const textDays = daysOr(policy?.textRetentionDays, 'the configured retention period');
  useEffect(() => {
    document.title = `Shipping and Delivery — ${BRAND_NAME}`;
  }, []);

  return (
    <StaticPageLayout
      title="Shipping and Delivery"
      lastUpdated={POLICY_LAST_UPDATED}
      intro={<p>How and when your palm reading reaches you.</p>}
    >
      <PolicySection number={1} title="A Digital Service">
        <p>
          {BRAND_NAME} is an entirely digital service. Nothing is shipped physically, so there are no shipping
          fees, couriers or customs charges.
        </p>
      </PolicySection>

      <PolicySection number={2} title="Delivery Stages">
        <p>
          Your reading is delivered after payment (for paid readings) and after your palm images are uploaded.
          Images of both palms may be uploaded. A report usually arrives in about 2-5 minutes:
        </p>
        <ul>
          <li>
            <strong>Image processing</strong>: 30 seconds to 2 minutes.
          </li>
          <li>
            <strong>AI analysis</strong>: 1-3 minutes.
          </li>
          <li>
            <strong>Report generation</strong>: 30 seconds to 1 minute.
          </li>
        </ul>
      </PolicySection>

      <PolicySection number={3} title="Delivery Channels">
        <ul>
          <li>
            <strong>On-screen dashboard</strong> — your report opens in your browser as soon as it is ready.
          </li>
          <li>
            <strong>Email</strong> — when you ask for it, your reading with its PDF and a link to it.
          </li>
          <li>
            <strong>Mobile</strong> — an SMS notice if you give a phone number; reports are optimised for
            phones.
          </li>
          <li>
            <strong>PDF download</strong> — keep a copy of your full reading.
          </li>
          <li>
            <strong>Share links</strong> — when you press Share, a secure link that shows people you trust the
            palm reading, without your answers.
          </li>
        </ul>
      </PolicySection>

      <PolicySection number={4} title="Delivery Requirements">
        <ul>
          <li>A stable internet connection.</li>
          <li>A modern browser: the latest Chrome, Firefox, Safari or Edge.</li>
          <li>A valid email address, if you want your reading by email.</li>
          <li>Clear palm images: good light, the whole hand in frame, in focus.</li>
        </ul>
      </PolicySection>

      <PolicySection number={5} title="Service Availability">
        <p>The service runs 24 hours a day, 7 days a week, apart from short announced maintenance windows.</p>
      </PolicySection>

      <PolicySection number={6} title="Delivery Confirmation">
        <p>
          You see an on-screen confirmation the moment your reading is complete, with a link you can return
          to; if you ask for it by email, the email brings the same link.
        </p>
      </PolicySection>

      <PolicySection number={7} title="Failed Delivery">
        <p>A delivery can fail because of:</p>
        <ul>
          <li>Technical problems on our side or with your connection.</li>
          <li>Image quality — a photo too dark, blurred or not showing a palm.</li>
          <li>Payment issues, such as a declined card.</li>
          <li>Scheduled maintenance.</li>
        </ul>
        <p>We retry failed deliveries automatically and notify you if anything needs your attention.</p>
      </PolicySection>

      <PolicySection number={8} title="Re-delivery">
        <ul>
          <li>
            Your reports stay available at their link for {textDays}, unless you delete them sooner; the palm
            photo beside them for {imageDays}.
          </li>
          <li>You can ask for the reading by email again from its page.</li>
          <li>PDF downloads can be repeated as often as you like.</li>
          <li>Our support team can deliver a report manually if all else fails.</li>
        </ul>
      </PolicySection>

      <PolicySection number={9} title="Worldwide Availability">
        <p>
          Readings can be requested from anywhere in the world, with no regional surcharges. Readings are
          written in English.
        </p>
      </PolicySection>

      <PolicySection number={10} title="Quality Assurance">
        <p>
          Every image is checked before analysis, and every report is checked for completeness before
          delivery. If a photo is not clear enough, we ask for a better one instead of delivering a poor
          reading.
        </p>
      </PolicySection>

      <PolicySection number={11} title="Contact for Delivery Issues">
        <p>
          Email <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>, Monday to Friday, 9:00-18:00. We respond within
          2 hours on business days and resolve delivery failures the same day.
        </p>
      </PolicySection>
    </StaticPageLayout>
  );
}
