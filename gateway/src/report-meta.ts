import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RequestHandler } from 'express';
import {
  PALM_PHOTO_SIZES,
  REPORT_BRAND,
  REPORT_PAGE_DATA_ID,
  SHARE_CARD_SIZE,
  type ReadingPreview,
  type ReportPage,
  type ReportPageData,
  type ReportPageRenderer,
} from '@palm/contracts';
import { siteOrigin, textSanitisers, type Logger } from '@palm/platform';
import { inlineStylePolicy } from './security-headers';

/** What /report/{id} shows the browser with this Cookie header; null when that browser may not see it. */
export type ReportPageSource = (id: string, cookieHeader: string | undefined) => Promise<ReportPage | null>;

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
 * What the report page fetches first, asked for by the head so that it waits for nothing else: the
 * palm photo, the page's largest paint, in the size and format its <img> will choose, and, when the
 * page comes without the reading in it, the reading's JSON (as the app's fetch asks for it, with
 * credentials).
 */
function preloads(id: string, preview: ReadingPreview, withReading: boolean): string[] {
  const links = withReading
    ? []
    : [`<link rel="preload" as="fetch" href="/api/reading/${id}" crossorigin="use-credentials" />`];
  if (preview.palmImage) {
    links.push(
      `<link rel="preload" as="image" type="image/webp" imagesrcset="${escapeAttribute(preview.palmImage.srcset.webp)}" imagesizes="${escapeAttribute(PALM_PHOTO_SIZES)}" fetchpriority="high" />`,
    );
  }
  return links;
}

/** The shell's empty mount point (web/index.html), where a rendered report goes. */
const EMPTY_ROOT = '<div id="root"></div>';

/**
 * JSON inside a `<script>` element: parsed, never run (`type="application/json"`, which the CSP
 * does not govern), and with every `<` escaped, so no text in it can close the element.
 */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The server render of the app the web build writes (web/build/prerender.plugin.ts), relative to WEB_DIST. */
const SERVER_RENDERER = path.join('server', 'render.js');

/**
 * The report's server render, loaded once; null when the build has none (a development build), so
 * the page goes out for the app to render in the browser.
 */
function serverRenderer(webDist: string, logger: Logger): () => Promise<ReportPageRenderer | null> {
  let loading: Promise<ReportPageRenderer | null> | undefined;
  return () =>
    (loading ??= import(pathToFileURL(path.resolve(webDist, SERVER_RENDERER)).href).then(
      (module: Partial<ReportPageRenderer>) =>
        typeof module.renderReportPage === 'function' ? (module as ReportPageRenderer) : null,
      (error: unknown) => {
        logger.warn({ err: error }, 'no server render of the report; the browser renders it');
        return null;
      },
    ));
}

/**
 * The report's shell as built, with the policy that lets its inline stylesheet apply: read once,
 * or again on the next request while there is none.
 */
function reportShell(file: string): () => Promise<{ html: string; policy: RequestHandler } | null> {
  let reading: Promise<{ html: string; policy: RequestHandler }> | undefined;
  return async () => {
    reading ??= readFile(file, 'utf8').then((html) => ({ html, policy: inlineStylePolicy(html) }));
    try {
      return await reading;
    } catch {
      reading = undefined;
      return null;
    }
  };
}

/**
 * /report/{id}: the report's shell (its stylesheet inline) with Open Graph and Twitter tags, so a
 * pasted link shows a card, and, for a browser that may see the reading, the report itself as the
 * app renders it (`renderReportPage` of the web build, with the reading as GET /api/reading/{id}
 * answers this browser and its markup through the server's allow-list) and that data beside it for
 * the app to hydrate from: the page paints from its HTML, before any script has run. A reading
 * that does not exist or that this browser may not see answers 404 (the app then says so), with no
 * tags and nothing of the reading. If the reading service cannot be asked, or the render fails, the
 * page is served for the app to render in the browser rather than failing.
 */
export function reportPageHandler(options: {
  shellFile: string;
  webDist: string;
  reportPage: ReportPageSource;
  publicUrl: string | undefined;
  logger: Logger;
}): RequestHandler {
  const shell = reportShell(options.shellFile);
  const renderer = serverRenderer(options.webDist, options.logger);
  // Loaded now rather than by the first visitor's request (the render is some 800 KB of script).
  void renderer();
  void textSanitisers();

  async function rendered(path: string, page: ReportPage): Promise<string | undefined> {
    const render = await renderer();
    if (!render) return undefined;
    try {
      const data: ReportPageData = { view: page.view, sharing: page.sharing };
      const { prose } = await textSanitisers();
      const markup = await render.renderReportPage({ path, data, sanitiseHtml: prose });
      return (
        `<div id="root" data-prerendered="${escapeAttribute(path)}">${markup}</div>\n    ` +
        `<script type="application/json" id="${REPORT_PAGE_DATA_ID}">${scriptJson(data)}</script>`
      );
    } catch (error) {
      options.logger.warn(
        { err: error, readingId: page.view.id },
        'could not render the report; serving the page for the browser to render',
      );
      return undefined;
    }
  }

  return async (req, res, next) => {
    const match = REPORT_PATH.exec(req.path);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !match) {
      next();
      return;
    }
    const id = match[1]!;
    const page = await shell();
    if (!page) {
      next();
      return;
    }
    let report: ReportPage | null | undefined;
    try {
      report = await options.reportPage(id, req.headers.cookie);
    } catch (error) {
      options.logger.warn(
        { err: error, readingId: id },
        'could not read the report page; serving it for the browser to render',
      );
    }
    let html = page.html;
    let status = 200;
    if (report === null) {
      status = 404;
      html = html.replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>');
    } else if (report) {
      const base = siteOrigin(req, options.publicUrl);
      const root = await rendered(req.path, report);
      const { preview } = report;
      const tags = metaTags(preview, `${base}/report/${id}`, `${base}${preview.imagePath}`);
      html = html.replace(
        '</head>',
        `  ${[...preloads(id, preview, root !== undefined), tags].join('\n    ')}\n  </head>`,
      );
      if (root) html = html.replace(EMPTY_ROOT, () => root);
    }
    page.policy(req, res, () => {
      res.setHeader('Cache-Control', 'private, no-cache');
      res.setHeader('Vary', 'Cookie');
      res.status(status).type('html').send(html);
    });
  };
}
