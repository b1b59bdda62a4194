import DOMPurify from 'dompurify';
import { createContext } from 'react';

const MARKUP_PATTERN = /<\/?[a-z][^>]*>/i;

export function containsMarkup(text: string): boolean {
  return MARKUP_PATTERN.test(text);
}

/** Reading text comes from a language model: only sanitised markup ever reaches the DOM. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input'] });
}

export type HtmlSanitiser = (html: string) => string;

/**
 * What reading markup passes through before it is inserted: DOMPurify in the browser. DOMPurify
 * needs a DOM, so a render on the server (app/prerender.server.tsx) provides the server's own
 * allow-list sanitiser instead; React keeps that markup when it hydrates the page.
 */
export const HtmlSanitiserContext = createContext<HtmlSanitiser>(sanitizeHtml);
