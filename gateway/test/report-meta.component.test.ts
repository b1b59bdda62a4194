import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, listen, remotePeers, type RunningServer } from '@palm/platform';
import { PALM_PHOTO_SIZES, REPORT_PAGE_DATA_ID, type ReportPage } from '@palm/contracts';
import { createGatewayApp } from '../src/gateway.app';
import { createServiceProxy } from '../src/service-proxy';
import { serviceRoutes } from '../src/service-routes';

const logger = createLogger('report-meta-test', 'silent');
const SHARED = 'SharedReading000000000';
const STOPPED = 'StoppedReading00000000';
const BROKEN = 'BrokenReading000000000';
const UNRENDERABLE = 'Unrenderable0000000000';
/** Model text that tries to end the page's data element and run a script of its own. */
const HOSTILE = 'Warm</script><script>window.__xss=1</script><b onclick="x()">heart</b>';
const STYLE = 'body{color:#fff}';
const SHELL = `<!doctype html><html><head><title>H</title><style>${STYLE}</style></head><body><div id="root"></div></body></html>`;

/**
 * Stands in for the web build's server render (web/src/app/prerender.server.tsx): the markup it
 * returns shows what it was given, the hostile text through the sanitiser the gateway passes.
 */
const RENDERER = `export async function renderReportPage({ path, data, sanitiseHtml }) {
  if (data.view.id === '${UNRENDERABLE}') throw new Error('the render failed');
  return '<main data-path="' + path + '" data-owner="' + data.sharing.owner + '">' + sanitiseHtml(data.view.error) + '</main>';
}
`;

const page = (id: string, owner: boolean): ReportPage => ({
  preview: {
    title: 'A palm reading from Hastrekha',
    description: 'Warm & "loyal" <b>heart</b>',
    imagePath: `/api/reading/${id}/card.png`,
    imageAlt: 'card',
    palmImage: {
      width: 640,
      height: 800,
      srcset: {
        webp: `/api/reading/${id}/image/320.webp 320w, /api/reading/${id}/image/640.webp 640w`,
        jpeg: `/api/reading/${id}/image/320.jpg 320w, /api/reading/${id}/image 640w`,
      },
    },
  },
  view: {
    id,
    status: 'failed',
    palmUrl: `/api/reading/${id}/image`,
    palmImage: null,
    reading: null,
    error: HOSTILE,
    createdAt: '2026-01-01T00:00:00.000Z',
    completedAt: null,
    imageRemovedAfterDays: null,
    unlock: null,
  },
  sharing: { shared: id === SHARED, includePhoto: false, owner, emailAvailable: false },
});

let webDist: string;
let bareWebDist: string;
let upstream: RunningServer;
let gateway: RunningServer;
let bareGateway: RunningServer;
const cookiesSeen: (string | undefined)[] = [];

function gatewayOn(dist: string) {
  const targets = {
    READING_URL: upstream.url,
    FLOW_URL: 'http://127.0.0.1:9',
    ADMIN_AUTH_URL: 'http://127.0.0.1:9',
    PROMPT_URL: 'http://127.0.0.1:9',
    AI_WORKER_URL: 'http://127.0.0.1:9',
  };
  return listen(
    createGatewayApp({
      logger,
      api: [
        createServiceProxy(serviceRoutes(targets), logger, {
          forwardedProofKey: 'forwarded-proof-key-for-tests',
        }),
      ],
      webDist: dist,
      readingRateLimitPerMinute: 5,
      reportPage: remotePeers({ READING_URL: upstream.url }).reportPage,
      publicUrl: 'https://palm.example/',
    }),
    0,
    '127.0.0.1',
  );
}

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'report-meta-web-'));
  await mkdir(path.join(webDist, 'prerendered'));
  await mkdir(path.join(webDist, 'server'));
  await writeFile(path.join(webDist, 'index.html'), SHELL);
  await writeFile(path.join(webDist, 'prerendered', 'report.shell.html'), SHELL);
  await writeFile(path.join(webDist, 'server', 'render.js'), RENDERER);
  // A build without the server render (a development build): the browser renders the report.
  bareWebDist = await mkdtemp(path.join(tmpdir(), 'report-meta-bare-'));
  await writeFile(path.join(bareWebDist, 'index.html'), SHELL);

  // Stands in for the reading service in distributed mode.
  const reading = express();
  // A reading-sized answer, as the reading service sends it: uncompressed.
  reading.get('/api/reading/:id', (req, res) => {
    res.json({ id: req.params.id, text: 'The heart line runs long and clear. '.repeat(300) });
  });
  reading.get('/api/reading/:id/page', (req, res) => {
    cookiesSeen.push(req.headers.cookie);
    if (req.params.id === BROKEN) {
      res.status(500).json({});
      return;
    }
    const owner = req.headers.cookie === 'palm_owner=owner';
    if (req.params.id !== SHARED && !owner) {
      res.status(404).json({ status: 404, detail: 'gone' });
      return;
    }
    res.json(page(req.params.id, owner));
  });
  upstream = await listen(reading, 0, '127.0.0.1');
  [gateway, bareGateway] = await Promise.all([gatewayOn(webDist), gatewayOn(bareWebDist)]);
});

afterAll(async () => {
  await gateway.close();
  await bareGateway.close();
  await upstream.close();
  await rm(webDist, { recursive: true, force: true });
  await rm(bareWebDist, { recursive: true, force: true });
});

const rootOf = (html: string) => /<div id="root"[^>]*>[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
const dataOf = (html: string) =>
  new RegExp(`<script type="application/json" id="${REPORT_PAGE_DATA_ID}">([\\s\\S]*?)</script>`).exec(
    html,
  )?.[1];

describe('/report/{id} in distributed mode', () => {
  it('injects escaped Open Graph and Twitter tags with absolute URLs on PUBLIC_URL', async () => {
    const response = await fetch(`${gateway.url}/report/${SHARED}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      `<meta property="og:image" content="https://palm.example/api/reading/${SHARED}/card.png" />`,
    );
    expect(html).toContain(`<meta property="og:url" content="https://palm.example/report/${SHARED}" />`);
    expect(html).toContain('content="Warm &#38; &#34;loyal&#34; &#60;b&#62;heart&#60;/b&#62;"');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
  });

  it('renders the report into the page for this browser, with the data it rendered from beside it', async () => {
    const response = await fetch(`${gateway.url}/report/${STOPPED}`, {
      headers: { Cookie: 'palm_owner=owner' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    const html = await response.text();
    // The owner's page, rendered with the owner's answer of the reading service.
    expect(rootOf(html)).toMatch(
      new RegExp(
        `^<div id="root" data-prerendered="/report/${STOPPED}"><main data-path="/report/${STOPPED}" data-owner="true">`,
      ),
    );
    const data = dataOf(html);
    expect(JSON.parse(data!)).toEqual({
      view: page(STOPPED, true).view,
      sharing: page(STOPPED, true).sharing,
    });
    // The photo is asked for by the head; the reading is in the page, so its JSON is not.
    expect(html).toContain(
      `<link rel="preload" as="image" type="image/webp" imagesrcset="/api/reading/${STOPPED}/image/320.webp 320w, /api/reading/${STOPPED}/image/640.webp 640w" imagesizes="${PALM_PHOTO_SIZES}" fetchpriority="high" />`,
    );
    expect(html).not.toContain('as="fetch"');
    // The page's stylesheet is inline, and the policy allows exactly it.
    const hash = createHash('sha256').update(STYLE).digest('base64');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(/style-src ([^;]*)/.exec(policy)?.[1]?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy).not.toContain('unsafe-inline');
  });

  it("passes model text to the page only through the server's sanitiser, and no text can end the data element", async () => {
    const html = await (await fetch(`${gateway.url}/report/${SHARED}`)).text();
    const root = rootOf(html);
    expect(root).toContain('<b>heart</b>');
    expect(root).not.toMatch(/<script|onclick|__xss/);
    // The data holds the text as it is, escaped so that its "</script>" does not close the element.
    const data = dataOf(html)!;
    expect(data).not.toMatch(/<\/script|<script/i);
    expect((JSON.parse(data) as { view: { error: string } }).view.error).toBe(HOSTILE);
    expect(html.match(/<script\b[^>]*>/g)).toEqual([
      `<script type="application/json" id="${REPORT_PAGE_DATA_ID}">`,
    ]);
  });

  it('answers 404 with nothing of the reading when this browser may not see it, and forwards the cookie', async () => {
    const hidden = await fetch(`${gateway.url}/report/${STOPPED}`);
    expect(hidden.status).toBe(404);
    const html = await hidden.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    for (const leak of ['og:', 'preload', REPORT_PAGE_DATA_ID, 'heart', STOPPED])
      expect(html).not.toContain(leak);
    expect(cookiesSeen).toContain('palm_owner=owner');
  });

  it('serves the page for the browser to render when the render fails or the build has none', async () => {
    for (const [server, id] of [
      [gateway, UNRENDERABLE],
      [bareGateway, SHARED],
    ] as const) {
      const response = await fetch(`${server.url}/report/${id}`, { headers: { Cookie: 'palm_owner=owner' } });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain(REPORT_PAGE_DATA_ID);
      // The app fetches the reading itself: the head asks for it first, with the photo.
      expect(html).toContain(
        `<link rel="preload" as="fetch" href="/api/reading/${id}" crossorigin="use-credentials" />`,
      );
      expect(html).toContain('og:image');
    }
  });

  it('compresses a service’s JSON on its way through the gateway, as the browser accepts', async () => {
    for (const encoding of ['gzip', 'br']) {
      const response = await fetch(`${gateway.url}/api/reading/${SHARED}`, {
        headers: { 'Accept-Encoding': encoding },
      });
      expect(response.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(((await response.json()) as { id: string }).id).toBe(SHARED);
    }
    const plain = await fetch(`${gateway.url}/api/reading/${SHARED}`, {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBeGreaterThan(10_000);
  });

  it('serves the plain page when the reading service cannot be asked, and leaves other pages and the renderer alone', async () => {
    const broken = await fetch(`${gateway.url}/report/${BROKEN}`);
    expect(broken.status).toBe(200);
    expect(await broken.text()).not.toContain('og:');
    const other = await fetch(`${gateway.url}/scan`);
    expect(other.status).toBe(200);
    expect(await other.text()).not.toContain('og:');
    // The server's render is the gateway's to run, not a file it serves.
    expect((await fetch(`${gateway.url}/server/render.js`)).status).toBe(404);
  });
});
