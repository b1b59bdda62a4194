import { z } from 'zod';
import { palmImageSchema, readingViewSchema } from './reading.contract';

/** The product's name and tagline, the one place they are set: pages, PDF, card, email, authenticator. */
export const REPORT_BRAND = {
  name: 'Hastrekha',
  devanagari: 'हस्तरेखा',
  tagline: 'Your Happiness, in your Hands',
} as const;

/** The disclaimer every copy of a reading carries (spec: readings are for entertainment and self-reflection). */
export const READING_DISCLAIMER =
  'Readings are for entertainment and self-reflection. They are not predictions to rely on, nor medical, ' +
  'financial or legal advice.';

/**
 * GET /api/reading/{id}/sharing. `owner` is true in the browser that made the reading (its owner
 * cookie); `emailAvailable` is false when the service has no SMTP server to send through.
 */
export const readingSharingSchema = z.object({
  shared: z.boolean(),
  includePhoto: z.boolean(),
  owner: z.boolean(),
  emailAvailable: z.boolean(),
});
export type ReadingSharing = z.infer<typeof readingSharingSchema>;

/** PUT /api/reading/{id}/sharing (owner only): stop or resume sharing, show the photo on the card or not. */
export const readingSharingUpdateSchema = z.strictObject({
  shared: z.boolean({ error: 'shared must be true or false' }),
  includePhoto: z.boolean({ error: 'includePhoto must be true or false' }).optional(),
});
export type ReadingSharingUpdate = z.infer<typeof readingSharingUpdateSchema>;

/** POST /api/reading/{id}/email */
export const readingEmailRequestSchema = z.strictObject({
  email: z
    .string({ error: 'Please enter your email address.' })
    .trim()
    .max(254, 'An email address has at most 254 characters.')
    .pipe(z.email({ error: 'Please enter a valid email address, like name@example.com.' })),
});
export type ReadingEmailRequest = z.infer<typeof readingEmailRequestSchema>;

/** 202 answer of POST /api/reading/{id}/email: the message is queued for the delivery worker. */
export const readingEmailAcceptedSchema = z.object({ deliveryId: z.string(), status: z.literal('queued') });
export type ReadingEmailAccepted = z.infer<typeof readingEmailAcceptedSchema>;

/** A reading's link preview: what the gateway puts into the Open Graph / Twitter tags of /report/{id}. */
export const readingPreviewSchema = z.object({
  title: z.string(),
  description: z.string(),
  /** Path of the 1200×630 card, relative to the site. */
  imagePath: z.string(),
  imageAlt: z.string(),
  /**
   * The palm photo the report page will show this browser, so the page can ask for it before the
   * app runs; null without one.
   */
  palmImage: palmImageSchema.nullable(),
});
export type ReadingPreview = z.infer<typeof readingPreviewSchema>;

/**
 * GET /api/reading/{id}/page: what the gateway needs to serve /report/{id} to one browser: the link
 * preview for its tags, and the reading and its sharing exactly as GET /api/reading/{id} and
 * …/sharing answer that browser (a visitor's answers only to their owner), which the server renders
 * into the page and the app hydrates from. Answers 404 for a reading that does not exist or that
 * this browser may not see.
 */
export const reportPageSchema = z.object({
  preview: readingPreviewSchema,
  view: readingViewSchema,
  sharing: readingSharingSchema,
});
export type ReportPage = z.infer<typeof reportPageSchema>;

/** What a server-rendered report page carries for the app: its reading and sharing, as JSON. */
export type ReportPageData = Pick<ReportPage, 'view' | 'sharing'>;

/**
 * The report's server render, as the web build writes it (web/src/app/prerender.server.tsx, built
 * into the web app's `server/` directory) and the gateway calls it: the markup of the app at `path`
 * showing `data`, its reading markup passed through `sanitiseHtml` (the server's allow-list).
 */
export interface ReportPageRenderer {
  renderReportPage(input: {
    path: string;
    data: ReportPageData;
    sanitiseHtml: (html: string) => string;
  }): Promise<string>;
}

/**
 * GET /api/reading-policy: what the policy pages state as this installation is configured, so
 * they say what the code does.
 */
export const readingPolicySchema = z.object({
  /** Palm photos (and every PDF or card made from them) are deleted this many days after the reading. */
  imageRetentionDays: z.number().int().positive(),
  /** The reading's text and the visitor's answers are deleted this many days after the reading. */
  textRetentionDays: z.number().int().positive(),
  /** "Email me this reading" is offered. */
  emailAvailable: z.boolean(),
});
export type ReadingPolicy = z.infer<typeof readingPolicySchema>;

export const SHARE_CARD_SIZE = { width: 1200, height: 630 } as const;
