import { READING_DISCLAIMER, REPORT_BRAND } from '@palm/contracts';
import type { ReadingRecord } from '../reading.repository';
import { plainText } from '../report/plain-text';
import type { ReadingMail } from './reading-mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The email: a short summary (each section's first insight), the link, and the whole reading as
 * PDF; a free preview's email (`pdf` null) says how to unlock the rest instead.
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
    `Your palm reading from ${REPORT_BRAND.name} (${REPORT_BRAND.devanagari})`,
    '',
    ...sections.flatMap((section) => [section.title, section.insight ? `  ${section.insight}` : '', '']),
    `Read it again at any time: ${input.link}`,
    pdfNote,
    '',
    READING_DISCLAIMER,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#2b1d14;max-width:600px">
<h1 style="color:#9a3412;font-size:22px">Your palm reading from ${REPORT_BRAND.name} <span lang="hi">${REPORT_BRAND.devanagari}</span></h1>
${sections
  .map(
    (section) =>
      `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(section.title)}</h2>` +
      (section.insight ? `<p style="margin:0">${escapeHtml(section.insight)}</p>` : ''),
  )
  .join('\n')}
<p style="margin-top:24px"><a href="${escapeHtml(input.link)}">Open your reading</a> — ${escapeHtml(pdfNote)}</p>
<p style="color:#6b5a4e;font-size:12px">${escapeHtml(READING_DISCLAIMER)}</p>
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
