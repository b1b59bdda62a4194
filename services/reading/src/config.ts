import { z } from 'zod';
import { infrastructureConfigSchema, urlSetting } from '@palm/platform';
import { checkPaymentSettings, paymentSettings } from './payments/payments.config';
import { DEFAULT_TEXT_RETENTION_DAYS } from './retention/image-retention.sweeper';

const perHour = (fallback: number) =>
  z.coerce.number().int().min(1, 'expected a whole number ≥ 1').default(fallback);

/** Twenty-four waiting uploads are read within ~10 s at intake's pace; later ones are told to come back. */
export const DEFAULT_INTAKE_BACKLOG = 24;

export const readingConfigSchema = infrastructureConfigSchema
  .extend({
    /** How long POST /api/reading waits for the reading before answering 202 (the browser gives up at 120 s). */
    READING_WAIT_MS: z.coerce.number().int().min(0).max(115_000).default(115_000),
    /** Uploads that may wait for intake at once; past it POST /api/reading answers 503 + Retry-After. */
    READING_INTAKE_BACKLOG: z.coerce
      .number()
      .int()
      .min(0, 'expected a whole number ≥ 0')
      .default(DEFAULT_INTAKE_BACKLOG),
    /** Palm photos are deleted this many days after their reading. */
    READING_IMAGE_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(1, 'expected a whole number of days ≥ 1')
      .default(30),
    /**
     * A reading's text and the visitor's answers are deleted, with the reading, this many days after
     * it was made (the owner may delete it sooner).
     */
    READING_TEXT_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(1, 'expected a whole number of days ≥ 1')
      .default(DEFAULT_TEXT_RETENTION_DAYS),
    /**
     * Where visitors reach the site: the base of the report link in PDFs and emails
     * (`${PUBLIC_URL}/report/{id}`). Unset, the link uses the origin the visitor's request came to.
     */
    PUBLIC_URL: z.url({ error: 'expected a URL' }).optional(),
    /** smtp:// or smtps:// server for "Email me this reading"; without it the action is not offered. */
    SMTP_URL: urlSetting(),
    MAIL_FROM: z.string().trim().min(3).default('Hastrekha <readings@localhost>'),
    /** Emails one reading may be sent in an hour, and one client may ask for in an hour. */
    EMAIL_LIMIT_PER_READING_PER_HOUR: perHour(3),
    EMAIL_LIMIT_PER_CLIENT_PER_HOUR: perHour(10),
    /** The admin-auth service that answers session checks (the purchases card) when run on its own. */
    ADMIN_AUTH_URL: urlSetting(),
    ...paymentSettings,
  })
  .superRefine(checkPaymentSettings);
export type ReadingConfig = z.infer<typeof readingConfigSchema>;
