import { useId, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { SUPPORT_EMAIL } from '@/config/brand';

export const CONTACT_SUBJECT = 'Contact Inquiry';

/** The mail link the form opens: the support mailbox and subject only — typed values never leave the page. */
export function contactMailto(): string {
  return `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(CONTACT_SUBJECT)}`;
}

export function ContactForm({
  openMail = (href: string) => window.location.assign(href),
}: {
  openMail?: (href: string) => void;
}) {
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    openMail(contactMailto());
  };

  return (
    <form className="contact-form" onSubmit={onSubmit}>
      <div className="contact-form__row">
        <div className="field">
          <label htmlFor={`${id}-first`}>First name</label>
          <input id={`${id}-first`} name="firstName" autoComplete="given-name" required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-last`}>Last name</label>
          <input id={`${id}-last`} name="lastName" autoComplete="family-name" required />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="email" required />
      </div>
      <div className="field">
        <label htmlFor={`${id}-subject`}>Subject</label>
        <input id={`${id}-subject`} name="subject" required />
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea id={`${id}-message`} name="message" rows={5} required />
      </div>
      <p className="contact-form__note">Sending opens your email app, addressed to our support team.</p>
      <Button type="submit" size="lg">
        Send Message
      </Button>
    </form>
  );
}
