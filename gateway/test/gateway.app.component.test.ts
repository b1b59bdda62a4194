import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createOperationsApp, listen, type RunningServer } from '@palm/platform';
import { createGatewayApp } from '../src/gateway.app';
import { securityHeaders } from '../src/security-headers';
import { createServiceProxy } from '../src/service-proxy';
import { serviceRoutes } from '../src/service-routes';

const logger = createLogger('gateway-test', 'silent');
let webDist: string;
let upstream: RunningServer;
let gateway: RunningServer;
const seen: {
  path: string;
  requestId: string | undefined;
  forwardedFor: string | undefined;
  bytes: number;
}[] = [];

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'gateway-web-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Palm</title>');
  await writeFile(path.join(webDist, 'assets', 'app-123.js'), 'console.log(1)');

  // Stands in for the reading service; it records what the gateway forwarded.
  const service = express();
  service.all('/{*path}', (req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => {
      seen.push({
        path: req.originalUrl,
        requestId: req.headers['x-request-id'] as string | undefined,
        forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
        bytes,
      });
      res.status(202).json({ id: 'AAAAAAAAAAAAAAAAAAAAAA', status: 'queued' });
    });
  });
  upstream = await listen(service, 0, '127.0.0.1');

  const targets = {
    READING_URL: upstream.url,
    FLOW_URL: 'http://127.0.0.1:9', // nothing listens on the discard port: the flow service is "down"
    ADMIN_AUTH_URL: 'http://127.0.0.1:9',
    PROMPT_URL: 'http://127.0.0.1:9',
    AI_WORKER_URL: 'http://127.0.0.1:9',
  };
  const app = createGatewayApp({
    logger,
    api: [
      createServiceProxy(serviceRoutes(targets), logger, {
        forwardedProofKey: 'forwarded-proof-key-for-tests',
      }),
    ],
    webDist,
    readingRateLimitPerMinute: 3,
  });
  gateway = await listen(app, 0, '127.0.0.1');
});

afterAll(async () => {
  await gateway.close();
  await upstream.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('gateway', () => {
  it('streams an upload to the service untouched, with the path and a request id', async () => {
    const body = new FormData();
    body.append('palmImage', new Blob([new Uint8Array(200_000)], { type: 'image/jpeg' }), 'palm.jpg');
    const response = await fetch(`${gateway.url}/api/reading`, { method: 'POST', body });
    expect(response.status).toBe(202);
    const forwarded = seen.at(-1)!;
    expect(forwarded.path).toBe('/api/reading');
    expect(forwarded.bytes).toBeGreaterThan(200_000);
    expect(forwarded.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('answers a 502 problem at once when a service is down', async () => {
    const started = Date.now();
    const response = await fetch(`${gateway.url}/api/flows/active`);
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(((await response.json()) as { detail: string }).detail).toMatch(/unavailable right now/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('sets a strict content security policy and other security headers', async () => {
    const response = await fetch(`${gateway.url}/`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('sends the same security headers on /healthz, /readyz and the operations port as on any page', async () => {
    const SECURITY_HEADERS = [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
    ];
    const securityOf = (response: Response) =>
      Object.fromEntries(SECURITY_HEADERS.map((name) => [name, response.headers.get(name)]));
    const page = securityOf(await fetch(`${gateway.url}/`));
    expect(page['content-security-policy']).toContain("default-src 'self'");
    const operations = await listen(
      createOperationsApp({ logger, securityHeaders: securityHeaders(false) }),
      0,
      '127.0.0.1',
    );
    try {
      for (const url of [
        `${gateway.url}/healthz`,
        `${gateway.url}/readyz`,
        `${operations.url}/healthz`,
        `${operations.url}/readyz`,
        `${operations.url}/metrics`,
      ]) {
        expect(securityOf(await fetch(url)), url).toEqual(page);
      }
    } finally {
      await operations.close();
    }
  });

  it('sends HSTS only when PUBLIC_URL is https', async () => {
    expect((await fetch(`${gateway.url}/`)).headers.get('strict-transport-security')).toBeNull();
    const secure = await listen(
      createGatewayApp({
        logger,
        api: [],
        webDist,
        readingRateLimitPerMinute: 3,
        publicUrl: 'https://palm.example',
      }),
      0,
      '127.0.0.1',
    );
    try {
      for (const url of [`${secure.url}/`, `${secure.url}/healthz`]) {
        expect((await fetch(url)).headers.get('strict-transport-security'), url).toMatch(/max-age=31536000/);
      }
    } finally {
      await secure.close();
    }
  });

  it('passes the services the client it judged, not an X-Forwarded-For the client wrote', async () => {
    const body = new FormData();
    body.append('palmImage', new Blob([new Uint8Array(10)], { type: 'image/jpeg' }), 'palm.jpg');
    await fetch(`${gateway.url}/api/reading`, {
      method: 'POST',
      body,
      headers: { 'x-forwarded-for': '203.0.113.99' },
    });
    expect(seen.at(-1)!.forwardedFor).toBe('127.0.0.1');
  });

  it('answers 404 for /readyz and /metrics on the public port: they are on the operations port', async () => {
    for (const endpoint of ['/readyz', '/metrics']) {
      const response = await fetch(`${gateway.url}${endpoint}`);
      expect(response.status, endpoint).toBe(404);
      expect(response.headers.get('content-type'), endpoint).toContain('application/problem+json');
      expect(await response.text(), endpoint).not.toMatch(/<title>|http_request_duration_seconds/);
    }
  });

  it('serves the web app with a fallback to index.html for client routes', async () => {
    const page = await fetch(`${gateway.url}/report/abc`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>Palm</title>');
    const asset = await fetch(`${gateway.url}/assets/app-123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
  });

  it('answers unknown API paths with a 404 problem, not the web app', async () => {
    const response = await fetch(`${gateway.url}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
  });

  it('limits how many readings one client may request per minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push((await fetch(`${gateway.url}/api/reading`, { method: 'POST', body: 'x' })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    const limited = await fetch(`${gateway.url}/api/reading`, { method: 'POST', body: 'x' });
    expect(((await limited.json()) as { detail: string }).detail).toMatch(/wait a minute/);
    expect((await fetch(`${gateway.url}/api/reading/AAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(202);
  });
});
