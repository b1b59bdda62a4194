import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, listen, remotePeers, type RunningServer } from '@palm/platform';
import { PALM_PHOTO_SIZES } from '@palm/contracts';
import { createGatewayApp } from '../src/gateway.app';
import { createServiceProxy } from '../src/service-proxy';
import { serviceRoutes } from '../src/service-routes';

const logger = createLogger('report-meta-test', 'silent');
const SHARED = 'SharedReading000000000';
const STOPPED = 'StoppedReading00000000';
const BROKEN = 'BrokenReading000000000';
let webDist: string;
let upstream: RunningServer;
let gateway: RunningServer;
const cookiesSeen: (string | undefined)[] = [];

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'report-meta-web-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>H</title></head><body></body></html>',
  );
  // Stands in for the reading service in distributed mode.
  const reading = express();
  // A reading-sized answer, as the reading service sends it: uncompressed.
  reading.get('/api/reading/:id', (req, res) => {
    res.json({ id: req.params.id, text: 'The heart line runs long and clear. '.repeat(300) });
  });
  reading.get('/api/reading/:id/preview', (req, res) => {
    cookiesSeen.push(req.headers.cookie);
    if (req.params.id === BROKEN) {
      res.status(500).json({});
      return;
    }
    const visible = req.params.id === SHARED || req.headers.cookie === 'palm_owner=owner';
    if (!visible) {
      res.status(404).json({ status: 404, detail: 'gone' });
      return;
    }
    res.json({
      title: 'A palm reading from Hastrekha',
      description: 'Warm & "loyal" <b>heart</b>',
      imagePath: `/api/reading/${req.params.id}/card.png`,
      imageAlt: 'card',
      palmImage: {
        width: 640,
        height: 800,
        srcset: {
          webp: `/api/reading/${req.params.id}/image/320.webp 320w, /api/reading/${req.params.id}/image/640.webp 640w`,
          jpeg: `/api/reading/${req.params.id}/image/320.jpg 320w, /api/reading/${req.params.id}/image 640w`,
        },
      },
    });
  });
  upstream = await listen(reading, 0, '127.0.0.1');
  const targets = {
    READING_URL: upstream.url,
    FLOW_URL: 'http://127.0.0.1:9',
    ADMIN_AUTH_URL: 'http://127.0.0.1:9',
    PROMPT_URL: 'http://127.0.0.1:9',
    AI_WORKER_URL: 'http://127.0.0.1:9',
  };
  gateway = await listen(
    createGatewayApp({
      logger,
      api: [
        createServiceProxy(serviceRoutes(targets), logger, {
          forwardedProofKey: 'forwarded-proof-key-for-tests',
        }),
      ],
      webDist,
      readingRateLimitPerMinute: 5,
      sharePreview: remotePeers({ READING_URL: upstream.url }).sharePreview,
      publicUrl: 'https://palm.example/',
    }),
    0,
    '127.0.0.1',
  );
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('link-preview tags for /report/{id} in distributed mode', () => {
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

  it('has the browser fetch the reading and its photo (as WebP, at the drawn size) before the app runs', async () => {
    const html = await (await fetch(`${gateway.url}/report/${SHARED}`)).text();
    expect(html).toContain(
      `<link rel="preload" as="fetch" href="/api/reading/${SHARED}" crossorigin="use-credentials" />`,
    );
    expect(html).toContain(
      `<link rel="preload" as="image" type="image/webp" imagesrcset="/api/reading/${SHARED}/image/320.webp 320w, /api/reading/${SHARED}/image/640.webp 640w" imagesizes="${PALM_PHOTO_SIZES}" fetchpriority="high" />`,
    );
    // Nothing is preloaded for a browser that may not see the reading.
    expect(await (await fetch(`${gateway.url}/report/${STOPPED}`)).text()).not.toContain('preload');
  });

  it('answers 404 without tags when the reading service says the reading is not shared, and forwards the cookie', async () => {
    const hidden = await fetch(`${gateway.url}/report/${STOPPED}`);
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).not.toContain('og:');
    const owned = await fetch(`${gateway.url}/report/${STOPPED}`, {
      headers: { Cookie: 'palm_owner=owner' },
    });
    expect(owned.status).toBe(200);
    expect(await owned.text()).toContain('og:image');
    expect(cookiesSeen).toContain('palm_owner=owner');
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

  it('serves the plain page when the preview cannot be read, and leaves other pages alone', async () => {
    const broken = await fetch(`${gateway.url}/report/${BROKEN}`);
    expect(broken.status).toBe(200);
    expect(await broken.text()).not.toContain('og:');
    const other = await fetch(`${gateway.url}/scan`);
    expect(other.status).toBe(200);
    expect(await other.text()).not.toContain('og:');
  });
});
