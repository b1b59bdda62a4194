import { READING_DISCLAIMER, REPORT_BRAND } from '@palm/contracts';
import type { ReadingRecord } from '../reading.repository';
import { plainText } from '../report/plain-text';
import type { ReadingMail } from './reading-mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The email: the brand, a short summary (each section's first insight), the link, and the whole
 * reading as PDF (a free preview's email, `pdf` null, says how to unlock the rest instead); an
 * HTML part that fits a phone's width and a plain-text part for clients that show no HTML.
 */
export function composeReadingMail(input: {
  to: string;
  deliveryId: string;
  reading: ReadingRecord;
  link: string;
  pdf: Buffer | null;
  mailDomain: string;
}): ReadingMail {
  const sections = (input.reading.result?.sections ?? []).map((section) => ({
    title: plainText(section.title),
    insight: section.insights[0] ? plainText(section.insights[0]) : '',
  }));
  const date = input.reading.createdAt.toISOString().slice(0, 10);
  const pdfNote = input.pdf
    ? 'The full reading is attached as a PDF.'
    : 'This is the free preview: unlock the full reading and its PDF on the report page.';
  const text = [
    `${REPORT_BRAND.name} (${REPORT_BRAND.devanagari}) — ${REPORT_BRAND.tagline}`,
    '',
    'Your palm reading',
    '',
    ...sections.flatMap((section) => [section.title, section.insight ? `  ${section.insight}` : '', '']),
    `Read it again at any time: ${input.link}`,
    pdfNote,
    '',
    READING_DISCLAIMER,
  ].join('\n');
  // Tables and inline styles, as mail clients render them; the viewport keeps it readable on a phone.
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your palm reading from ${REPORT_BRAND.name}</title></head>
<body style="margin:0;padding:0;background:#fdf8f0">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#fdf8f0"><tr><td align="center" style="padding:16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;font-family:Arial,sans-serif;color:#2b1d14;background:#ffffff;border-radius:12px">
<tr><td style="background:#9a3412;color:#fff7ed;padding:20px 24px;border-radius:12px 12px 0 0">
<div style="font-size:24px;font-weight:bold">${REPORT_BRAND.name} <span lang="hi">${REPORT_BRAND.devanagari}</span></div>
<div style="font-size:14px;margin-top:4px">${REPORT_BRAND.tagline}</div>
</td></tr>
<tr><td style="padding:20px 24px">
<h1 style="color:#9a3412;font-size:20px;margin:0 0 8px">Your palm reading</h1>
${sections
  .map(
    (section) =>
      `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(section.title)}</h2>` +
      (section.insight ? `<p style="margin:0;line-height:1.5">${escapeHtml(section.insight)}</p>` : ''),
  )
  .join('\n')}
<p style="margin:24px 0 0"><a href="${escapeHtml(input.link)}" style="display:inline-block;background:#9a3412;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none">Open your reading</a></p>
<p style="margin:12px 0 0">${escapeHtml(pdfNote)}</p>
<p style="color:#6b5a4e;font-size:12px;margin:24px 0 0">${escapeHtml(READING_DISCLAIMER)}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;
  return {
    to: input.to,
    subject: `Your palm reading from ${REPORT_BRAND.name}`,
    text,
    html,
    messageId: `<${input.deliveryId}@${input.mailDomain}>`,
    attachments: input.pdf
      ? [
          {
            filename: `hastrekha-palm-reading-${date}.pdf`,
            content: input.pdf,
            contentType: 'application/pdf',
          },
        ]
      : [],
  };
}
