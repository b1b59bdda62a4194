import { request } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, listen, requireForwardedProof, type RunningServer } from '@palm/platform';
import { createServiceProxy } from '../src/service-proxy';

const logger = createLogger('service-proxy-test', 'silent');
const FORWARDED_PROOF_KEY = 'forwarded-proof-key-for-tests';
let service: RunningServer;
let gateway: RunningServer;
/** The same proxy with a timeout far beyond any test: only the client's leaving can end a request. */
let patientGateway: RunningServer;
/** What the stand-in service saw of each request, by path. */
const seen = new Map<string, { headers: Record<string, unknown>; bytes: number; closedEarly: boolean }>();

beforeAll(async () => {
  const app = express();
  app.get('/api/slow/{*rest}', (req, res) => {
    const record = { headers: req.headers, bytes: 0, closedEarly: false };
    seen.set(req.path, record);
    const timer = setTimeout(() => res.json({ late: true }), 5_000);
    res.on('close', () => {
      clearTimeout(timer);
      record.closedEarly = !res.writableFinished;
    });
  });
  app.all('/api/echo/{*rest}', (req, res) => {
    const record = { headers: req.headers, bytes: 0, closedEarly: false };
    seen.set(req.path, record);
    req.on('data', (chunk: Buffer) => (record.bytes += chunk.length));
    req.on('end', () => {
      res.setHeader('Set-Cookie', 'owner=1; HttpOnly');
      res.setHeader('Connection', 'keep-alive, x-service-secret');
      res.setHeader('X-Service-Secret', 'between the hops only');
      res.json({ bytes: record.bytes });
    });
  });
  service = await listen(app, 0, '127.0.0.1');

  gateway = await proxyInFront(service.url, 300);
  patientGateway = await proxyInFront(service.url, 60_000);
});

/** A gateway stand-in: the proxy for `/api`, and a 404 of its own for every other path. */
function proxyInFront(target: string, timeoutMs: number): Promise<RunningServer> {
  const front = express();
  front.use(
    createServiceProxy([{ prefix: '/api', target, service: 'stand-in' }], logger, {
      timeoutMs,
      forwardedProofKey: FORWARDED_PROOF_KEY,
    }),
  );
  front.use((_req, res) => res.status(404).send('not proxied'));
  return listen(front, 0, '127.0.0.1');
}

afterAll(async () => {
  await gateway.close();
  await patientGateway.close();
  await service.close();
});

describe('the service proxy', () => {
  it('answers a 504 problem when the service does not answer in time, and ends its request', async () => {
    const started = Date.now();
    const response = await fetch(`${gateway.url}/api/slow/answer`);
    expect(response.status).toBe(504);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(((await response.json()) as { detail: string }).detail).toMatch(/took too long/);
    expect(Date.now() - started).toBeLessThan(3_000);
    await expect.poll(() => seen.get('/api/slow/answer')?.closedEarly).toBe(true);
  });

  it('cancels the service request when the client hangs up', async () => {
    const client = request(`${patientGateway.url}/api/slow/left`);
    client.on('error', () => undefined);
    client.end();
    await expect.poll(() => seen.has('/api/slow/left')).toBe(true);
    client.destroy();
    await expect.poll(() => seen.get('/api/slow/left')!.closedEarly, { timeout: 2_000 }).toBe(true);
  });

  it('streams a chunked upload through whole, without the headers of either hop', async () => {
    // node's client, not fetch: fetch refuses to send a Connection header.
    const answer = await new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
      (resolve, reject) => {
        const upload = request(`${gateway.url}/api/echo/upload`, {
          method: 'POST',
          headers: { Connection: 'keep-alive, x-client-secret', 'X-Client-Secret': 'for the gateway only' },
        });
        upload.on('error', reject);
        upload.on('response', (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
          );
        });
        // No Content-Length: the body goes out in chunks, as a browser streams a large form.
        for (let i = 0; i < 20; i++) upload.write(Buffer.alloc(50_000));
        upload.end();
      },
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ bytes: 1_000_000 });
    const forwarded = seen.get('/api/echo/upload')!.headers;
    expect(forwarded['x-client-secret']).toBeUndefined();
    expect(forwarded['x-forwarded-for']).toBe('127.0.0.1');
    expect(forwarded['x-forwarded-proto']).toBe('http');
    expect(answer.headers['set-cookie']).toEqual(['owner=1; HttpOnly']);
    expect(answer.headers['x-service-secret']).toBeUndefined();
  });

  it('forwards the scheme and host as the gateway judged them, not as the client claimed', async () => {
    await fetch(`${gateway.url}/api/echo/claims`, {
      headers: {
        'X-Forwarded-Proto': 'https',
        'X-Forwarded-Host': 'evil.example',
        'X-Forwarded-Proof': 'a-proof-the-client-made-up',
      },
    });
    const forwarded = seen.get('/api/echo/claims')!.headers;
    expect(forwarded['x-forwarded-proto']).toBe('http');
    expect(forwarded['x-forwarded-host']).toBe(new URL(gateway.url).host);
    // The proof is the gateway's own signature over what it forwarded, never the client's.
    const service = express();
    service.use(requireForwardedProof(FORWARDED_PROOF_KEY), (req, res) => res.json(req.headers));
    const verified = await listen(service, 0, '127.0.0.1');
    try {
      const signed = Object.fromEntries(
        Object.entries(forwarded).filter(([name]) => name.startsWith('x-forwarded-')),
      ) as Record<string, string>;
      const seenByService = (await (await fetch(`${verified.url}/`, { headers: signed })).json()) as Record<
        string,
        string
      >;
      expect(seenByService['x-forwarded-for']).toBe('127.0.0.1');
      expect(seenByService['x-forwarded-host']).toBe(new URL(gateway.url).host);
    } finally {
      await verified.close();
    }
  });

  it('leaves paths outside its prefixes to the next handler', async () => {
    const response = await fetch(`${gateway.url}/elsewhere`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('not proxied');
  });
});
