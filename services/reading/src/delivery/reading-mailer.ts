import type { Transporter } from 'nodemailer';

export interface ReadingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Stable per delivery, so a receiving server can tell a resend from a new message. */
  messageId: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

export interface ReadingMailer {
  send(mail: ReadingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer: `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`.
 * nodemailer is loaded with the first mail, not when the service starts: most processes never send one.
 */
export function createSmtpMailer(options: { url: string; from: string }): ReadingMailer {
  let transport: Promise<Transporter> | undefined;
  const connect = async () => {
    const { default: nodemailer } = await import('nodemailer');
    return nodemailer.createTransport({
      url: options.url,
      // A hung server must not hold a bus message for the broker's 30 min consumer timeout.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
  };
  return {
    async send(mail) {
      transport ??= connect();
      await (await transport).sendMail({ ...mail, from: options.from });
    },
    close: () =>
      void transport?.then(
        (opened) => opened.close(),
        () => undefined,
      ),
  };
}

/** SMTP reply codes 5xx are permanent (bad address, rejected): retrying would not help. */
export function isPermanentSmtpError(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}
