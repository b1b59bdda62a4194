import { readFile } from 'node:fs/promises';
import type { RequestHandler } from 'express';
import { PALM_PHOTO_SIZES, REPORT_BRAND, SHARE_CARD_SIZE, type ReadingPreview } from '@palm/contracts';
import { siteOrigin, type Logger } from '@palm/platform';

/** The reading's link preview as the browser with this Cookie header may see it; null when it is not shared. */
export type SharePreviewSource = (
  id: string,
  cookieHeader: string | undefined,
) => Promise<ReadingPreview | null>;

const REPORT_PATH = /^\/report\/([A-Za-z0-9_-]{22})\/?$/;

const escapeAttribute = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The Open Graph and Twitter card tags of a page, its image a 1200×630 PNG (a share card). */
export function metaTags(
  preview: Omit<ReadingPreview, 'palmImage'>,
  pageUrl: string,
  imageUrl: string,
  type: 'article' | 'website' = 'article',
): string {
  const tags: [string, string, string][] = [
    ['property', 'og:type', type],
    ['property', 'og:site_name', REPORT_BRAND.name],
    ['property', 'og:title', preview.title],
    ['property', 'og:description', preview.description],
    ['property', 'og:url', pageUrl],
    ['property', 'og:image', imageUrl],
    ['property', 'og:image:type', 'image/png'],
    ['property', 'og:image:width', String(SHARE_CARD_SIZE.width)],
    ['property', 'og:image:height', String(SHARE_CARD_SIZE.height)],
    ['property', 'og:image:alt', preview.imageAlt],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', preview.title],
    ['name', 'twitter:description', preview.description],
    ['name', 'twitter:image', imageUrl],
    ['name', 'twitter:image:alt', preview.imageAlt],
  ];
  return tags
    .map(([kind, name, content]) => `<meta ${kind}="${name}" content="${escapeAttribute(content)}" />`)
    .join('\n    ');
}

/**
 * What the report page fetches first, asked for by the HTML so that neither waits for the app's
 * scripts: the reading's JSON (as the app's fetch asks for it, with credentials) and the palm
 * photo, the page's largest paint, in the size and format its <img> will choose.
 */
function preloads(id: string, preview: ReadingPreview): string[] {
  const links = [`<link rel="preload" as="fetch" href="/api/reading/${id}" crossorigin="use-credentials" />`];
  if (preview.palmImage) {
    links.push(
      `<link rel="preload" as="image" type="image/webp" imagesrcset="${escapeAttribute(preview.palmImage.srcset.webp)}" imagesizes="${escapeAttribute(PALM_PHOTO_SIZES)}" fetchpriority="high" />`,
    );
  }
  return links;
}

/**
 * /report/{id} gets index.html with Open Graph and Twitter tags, so a pasted link shows a card, and
 * with the preloads above for the browser that opens it. A
 * reading that does not exist or is no longer shared answers 404 (the app then says so), with no
 * tags. If the reading service cannot be asked, the page is served plain rather than failing.
 */
export function reportPageHandler(options: {
  indexFile: string;
  preview: SharePreviewSource;
  publicUrl: string | undefined;
  logger: Logger;
}): RequestHandler {
  return async (req, res, next) => {
    const match = REPORT_PATH.exec(req.path);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !match) {
      next();
      return;
    }
    const id = match[1]!;
    let html: string;
    try {
      html = await readFile(options.indexFile, 'utf8');
    } catch {
      next();
      return;
    }
    let preview: ReadingPreview | null | undefined;
    try {
      preview = await options.preview(id, req.headers.cookie);
    } catch (error) {
      options.logger.warn(
        { err: error, readingId: id },
        'could not read the link preview; serving the page without it',
      );
    }
    res.setHeader('Cache-Control', 'private, no-cache');
    res.setHeader('Vary', 'Cookie');
    if (preview === null) {
      res
        .status(404)
        .type('html')
        .send(html.replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>'));
      return;
    }
    if (preview) {
      const base = siteOrigin(req, options.publicUrl);
      const tags = metaTags(preview, `${base}/report/${id}`, `${base}${preview.imagePath}`);
      html = html.replace('</head>', `  ${[...preloads(id, preview), tags].join('\n    ')}\n  </head>`);
    }
    res.type('html').send(html);
  };
}
