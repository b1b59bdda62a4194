import { useEffect } from 'react';
import { StaticPageLayout } from '@/components/layout/static-page-layout';
import { Card } from '@/components/ui/card';
import { BRAND_NAME, SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_HOURS_NOTE, SUPPORT_MAILTO } from '@/config/brand';
import { ContactForm } from '@/features/contact/components/contact-form';
import { FAQ, HELP_TOPICS, RESPONSE_TIMES } from '@/features/contact/content';
import './contact.css';

export default function ContactRoute() {
  useEffect(() => {
    document.title = `Contact Us — ${BRAND_NAME}`;
  }, []);

  return (
    <StaticPageLayout
      title="Contact Us"
      intro={
        <p>Questions about your reading, a payment or a photo that will not upload? We are here to help.</p>
      }
    >
      <div className="contact-grid">
        <Card className="contact-card">
          <h2>Get in touch</h2>
          <h3>Email support</h3>
          <p>
            <a href={SUPPORT_MAILTO}>{SUPPORT_EMAIL}</a>
          </p>
          <h3>Response times</h3>
          <ul className="contact-list">
            {RESPONSE_TIMES.map((item) => (
              <li key={item.kind}>
                {item.kind}: <strong>{item.time}</strong>
              </li>
            ))}
          </ul>
          <h3>Support hours</h3>
          <ul className="contact-list">
            {SUPPORT_HOURS.map((slot) => (
              <li key={slot.days}>
                {slot.days}: <strong>{slot.hours}</strong>
              </li>
            ))}
            <li>{SUPPORT_HOURS_NOTE}</li>
          </ul>
          <h3>Quick help topics</h3>
          <ul className="contact-topics">
            {HELP_TOPICS.map((topic) => (
              <li key={topic}>{topic}</li>
            ))}
          </ul>
        </Card>
        <Card className="contact-card">
          <h2>Send us a message</h2>
          <ContactForm />
        </Card>
      </div>

      <section className="faq" aria-labelledby="faq-title">
        <h2 id="faq-title">Frequently asked questions</h2>
        {FAQ.map((item) => (
          <details key={item.question} className="faq__item">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </section>
    </StaticPageLayout>
  );
}
