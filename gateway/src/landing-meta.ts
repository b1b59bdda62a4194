import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import type { RequestHandler } from 'express';
import { REPORT_BRAND, SITE_DESCRIPTION } from '@palm/contracts';
import { siteOrigin, type Logger } from '@palm/platform';
import { acceptedEncodings } from './static-files';
import { metaTags } from './report-meta';
import { inlineStylePolicy } from './security-headers';

const LANDING_PREVIEW = {
  title: `${REPORT_BRAND.name} — ${REPORT_BRAND.tagline}`,
  description: SITE_DESCRIPTION,
  imagePath: '/social-card.png',
  imageAlt: `${REPORT_BRAND.name}: ${REPORT_BRAND.tagline}. AI palm readings in the Vedic tradition.`,
};

/** Origins whose tagged page is kept ready; past that (a client sending odd Host headers) it is made per request. */
const MAX_KEPT_ORIGINS = 8;

interface TaggedPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  /** The Content-Security-Policy that lets the page's inline stylesheet apply (the build inlines it). */
  policy: RequestHandler;
}

/**
 * `/` is the prerendered landing page with Open Graph and Twitter card tags, so a shared homepage
 * link shows a preview. The tags need absolute URLs, which without PUBLIC_URL depend on the
 * request's origin, so they go in here rather than at build time; each origin's page is compressed
 * once and kept, as the build's own copies are.
 */
export function landingPageHandler(options: {
  webDist: string;
  publicUrl: string | undefined;
  logger: Logger;
}): RequestHandler {
  const file = path.join(path.resolve(options.webDist), 'prerendered', 'index.html');
  const kept = new Map<string, Promise<TaggedPage>>();

  async function tagged(origin: string): Promise<TaggedPage> {
    const page = await readFile(file, 'utf8');
    const tags = metaTags(LANDING_PREVIEW, `${origin}/`, `${origin}${LANDING_PREVIEW.imagePath}`, 'website');
    const html = Buffer.from(page.replace('</head>', `  ${tags}\n  </head>`));
    const [br, gz] = await Promise.all([promisify(brotliCompress)(html), promisify(gzip)(html)]);
    return { html, br, gzip: gz, policy: inlineStylePolicy(page) };
  }

  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') {
      next();
      return;
    }
    const origin = siteOrigin(req, options.publicUrl);
    let page = kept.get(origin);
    if (!page) {
      page = tagged(origin);
      if (kept.size < MAX_KEPT_ORIGINS) kept.set(origin, page);
      page.catch(() => kept.delete(origin));
    }
    page.then(
      (ready) =>
        ready.policy(req, res, () => {
          const accepted = acceptedEncodings(req.headers['accept-encoding']);
          const encoding = accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : undefined;
          res.setHeader('Cache-Control', 'no-cache');
          res.vary('Accept-Encoding');
          res.type('html');
          if (encoding) res.setHeader('Content-Encoding', encoding);
          res.send(encoding === 'br' ? ready.br : encoding === 'gzip' ? ready.gzip : ready.html);
        }),
      (error: unknown) => {
        // No prerendered page (a development build): the static files or the shell answer instead.
        options.logger.debug({ err: error }, 'no prerendered landing page to tag');
        next();
      },
    );
  };
}
