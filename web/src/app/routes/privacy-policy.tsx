import { useEffect } from 'react';
import { PolicySection, StaticPageLayout } from '@/components/layout/static-page-layout';
import { BRAND_NAME, POLICY_LAST_UPDATED, SUPPORT_EMAIL, SUPPORT_MAILTO } from '@/config/brand';
import { daysOr, useReadingPolicy } from '@/features/reading/api/get-reading-policy';

export default function PrivacyPolicyRoute() {
  // The periods as this installation is configured: the page says what the code does.
  const policy = useReadingPolicy();
  const imageDays = daysOr(policy?.imageRetentionDays, 'the configured retention period');
  const textDays = daysOr(policy?.textRetentionDays, 'the configured retention period');
  useEffect(() => {
    document.title = `Privacy Policy — ${BRAND_NAME}`;
  }, []);

  return (
    <StaticPageLayout
      title="Privacy Policy"
      lastUpdated={POLICY_LAST_UPDATED}
      intro={
        <p>
          Your palm is personal. This policy explains what {BRAND_NAME} collects when you request a palm
          reading, why we need it, how long we keep it and the choices you have.
        </p>
      }
    >
      <PolicySection number={1} title="Information We Collect">
        <ul>
          <li>
            <strong>Palm images</strong> you upload or take with your camera to receive a reading.
          </li>
          <li>
            <strong>Questionnaire answers</strong>, such as your designated gender at birth, age range,
            relationship status, whether you have children, the life areas you want to focus on and any text
            you choose to write.
          </li>
          <li>
            <strong>Contact details</strong> you give us, such as the email address you ask us to send a
            reading to and, optionally, a phone number for delivery notices, and anything you write to our
            support team.
          </li>
          <li>
            <strong>Technical data</strong> needed to run the service securely: browser type, device type, IP
            address and request logs.
          </li>
        </ul>
        <p>We do not ask for your name to produce a reading, and you do not need an account.</p>
      </PolicySection>

      <PolicySection number={2} title="How We Use Your Information">
        <ul>
          <li>To generate your personalised palm reading and show it to you.</li>
          <li>
            To deliver your report on screen, by email when you ask for it and, if you give a phone number, by
            SMS.
          </li>
          <li>To answer your questions and handle refund requests.</li>
          <li>To keep the service secure, prevent abuse and fix problems.</li>
          <li>To improve the quality of our readings using aggregated, non-identifying statistics.</li>
        </ul>
      </PolicySection>

      <PolicySection number={3} title="Your Palm Images">
        <p>
          Palm images are processed temporarily to create your reading and are not permanently stored. The
          photo you upload is never stored as sent: it is re-encoded so that embedded metadata such as camera
          details and location is removed, and that prepared copy is shown beside your reading and deleted
          automatically {imageDays} after the reading was made, together with every PDF and link preview made
          from it, or at once when you delete the reading. We never use your palm images to identify you, for
          biometric recognition, or to train models, and we never sell them.
        </p>
      </PolicySection>

      <PolicySection number={4} title="AI-Generated Readings">
        <p>
          Readings are produced by artificial intelligence guided by the Vedic tradition of palmistry. Your
          image and answers may be processed by carefully selected AI service providers acting on our
          instructions and bound to confidentiality. Readings are intended for entertainment and
          self-reflection and are provided in English only.
        </p>
      </PolicySection>

      <PolicySection number={5} title="Report Delivery, Downloads and Sharing">
        <ul>
          <li>Your report is shown on screen as soon as it is ready.</li>
          <li>
            When you choose “Email me this reading”, we send the reading and its PDF once to the address you
            give; we send no other emails.
          </li>
          <li>If you give us a phone number, we may also send an SMS notice.</li>
          <li>Reports can be downloaded as a PDF for your own records.</li>
          <li>
            A reading is private: only the browser that made it can open it. When you press Share, anyone with
            its link can open the palm reading and its PDF, without your questionnaire answers or anything you
            wrote, so share it only with people you trust. “Stop sharing” closes the link again.
          </li>
          <li>
            “Delete this reading” removes the palm photo, the reading, your answers and every PDF and link of
            it at once; the link then opens nothing, for you as for anyone else.
          </li>
        </ul>
      </PolicySection>

      <PolicySection number={6} title="Cookies and Local Storage">
        <p>
          We use only the cookies and browser storage needed for the service to work, such as keeping your
          place in the questionnaire, a cookie that marks your browser as the owner of the readings it made
          (so only it can open, share or delete them) and protecting against abuse. We do not use advertising
          cookies or cross-site trackers.
        </p>
      </PolicySection>

      <PolicySection number={7} title="Sharing Your Information">
        <p>
          We do not sell or rent your personal information. We share it only with service providers who help
          us run
          {' ' + BRAND_NAME} (hosting, AI processing, email and payment providers), under contracts that limit
          their use of it, or when the law requires us to.
        </p>
      </PolicySection>

      <PolicySection number={8} title="Data Security">
        <p>
          Data travels over encrypted connections, access is limited to the people who need it, and our
          systems are monitored for misuse. No method of transmission or storage is perfectly secure, but we
          work hard to protect your information.
        </p>
      </PolicySection>

      <PolicySection number={9} title="Data Retention">
        <p>
          Palm images, and the PDFs and previews made from them, are deleted {imageDays} after the reading was
          made. The written reading and your questionnaire answers are kept {textDays} so you can return to
          them, then deleted automatically. An email address you give for “Email me this reading” is kept only
          with that delivery and deleted with the palm image. You can delete a reading yourself at any time
          from its page, and everything above goes at once. Support emails are kept for as long as needed to
          resolve your request and meet legal obligations.
        </p>
      </PolicySection>

      <PolicySection number={10} title="Your Rights">
        <p>
          Depending on where you live, you may ask to access, correct, export or delete your information, or
          object to how we use it. Email <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a> with a link to your
          reading and we will respond within 24 hours on business days.
        </p>
      </PolicySection>

      <PolicySection number={11} title="Age Requirement">
        <p>
          {BRAND_NAME} is not intended for anyone under 18. We do not knowingly collect information from
          minors; if you believe a minor has used the service, contact us and we will delete the data.
        </p>
      </PolicySection>

      <PolicySection number={12} title="International Use">
        <p>
          The service is available worldwide. Your information may be processed in countries other than your
          own, with safeguards that protect it to the standard described in this policy.
        </p>
      </PolicySection>

      <PolicySection number={13} title="Changes to This Policy">
        <p>
          We may update this policy from time to time. Changes take effect when they are posted on this page,
          and the date at the top shows the latest revision.
        </p>
      </PolicySection>

      <PolicySection number={14} title="Contact Us">
        <p>
          Questions about your privacy? Write to <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>.
        </p>
      </PolicySection>
    </StaticPageLayout>
  );
}
