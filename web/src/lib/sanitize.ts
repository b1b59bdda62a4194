import DOMPurify from 'dompurify';

const MARKUP_PATTERN = /<\/?[a-z][^>]*>/i;

export function containsMarkup(text: string): boolean {
  return MARKUP_PATTERN.test(text);
}

/** Reading text comes from a language model: only sanitised markup ever reaches the DOM. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });
}
