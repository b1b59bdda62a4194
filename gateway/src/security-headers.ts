import { createHash } from 'node:crypto';
import helmet from 'helmet';

/**
 * The browser only ever talks to our own origin: scripts, styles, fonts and images from 'self'
 * (plus data:/blob: images for the photo preview and the setup QR code).
 */
const CONTENT_SECURITY_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // WebAssembly compilation only (no eval of JavaScript): the guided camera runs the hand
  // model with TensorFlow.js's WASM backend, loaded from our own origin.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'", 'mailto:'],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/** The SHA-256 (base64) of each `<style>` element's text, as a CSP hash source names it. */
const styleHashes = (html: string) =>
  [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) =>
    createHash('sha256').update(match[1]!).digest('base64'),
  );

/**
 * The policy above for a page that carries its stylesheet inline (the prerendered landing page, the
 * report): exactly the `<style>` elements of `html` are allowed, by their SHA-256 hashes, and no
 * other inline style.
 */
export const inlineStylePolicy = (html: string) =>
  helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: {
      ...CONTENT_SECURITY_DIRECTIVES,
      styleSrc: [
        ...CONTENT_SECURITY_DIRECTIVES.styleSrc,
        ...styleHashes(html).map((hash) => `'sha256-${hash}'`),
      ],
    },
  });

/** Set on every response of the public and the operations port alike, /healthz included. */
export const securityHeaders = (hsts: boolean) =>
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_DIRECTIVES },
    crossOriginEmbedderPolicy: false,
    // Only when the product is served over https: HSTS on plain http would lock out a local install.
    strictTransportSecurity: hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
  });
