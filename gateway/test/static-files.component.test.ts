import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '@palm/platform';
import { acceptedEncodings, precompressedStaticFiles } from '../src/static-files';

const landingPage = `<!doctype html><div id="root"><h1>Your Happiness, in your Hands</h1>${'<p>namaste</p>'.repeat(50)}</div>`;
const script = `export const greeting = ${JSON.stringify('namaste '.repeat(200))};\n`;
let webDist: string;
let server: RunningServer;

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request with exactly the headers given: fetch would add its own Accept-Encoding and decode the body. */
function get(urlPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${urlPath}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'static-files-'));
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js'), script);
  await writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js.br'), brotliCompressSync(script));
  await writeFile(path.join(webDist, 'assets', 'app-1a2b3c.js.gz'), gzipSync(script));
  await writeFile(path.join(webDist, 'assets', 'style-9f8e.css'), 'body{color:red}');
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Palm</title>');
  await writeFile(path.join(webDist, '.env'), 'SECRET=1');
  await mkdir(path.join(webDist, 'prerendered', 'contact'), { recursive: true });
  await writeFile(path.join(webDist, 'prerendered', 'index.html'), landingPage);
  await writeFile(path.join(webDist, 'prerendered', 'index.html.br'), brotliCompressSync(landingPage));
  await writeFile(path.join(webDist, 'prerendered', 'contact', 'index.html'), '<h1>Contact</h1>');
  const app = express();
  app.use(precompressedStaticFiles(webDist));
  app.use((_req, res) => res.status(404).send('passed on'));
  server = await listen(app, 0, '127.0.0.1');
});

afterAll(async () => {
  await server.close();
  await rm(webDist, { recursive: true, force: true });
});

describe('precompressed static files', () => {
  it('serves the brotli copy to a browser that accepts it, as JavaScript, cached for good', async () => {
    const response = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(script);
  });

  it('falls back to gzip, then to the file as built, following Accept-Encoding and its q-values', async () => {
    const gzip = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(script);

    const brRefused = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'br;q=0, gzip;q=0.5' });
    expect(brRefused.headers['content-encoding']).toBe('gzip');

    const identity = await get('/assets/app-1a2b3c.js');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toContain('Accept-Encoding');
    expect(identity.body.toString()).toBe(script);
  });

  it('gives different validators to different encodings, so a cache never mixes them up', async () => {
    const br = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'br' });
    const plain = await get('/assets/app-1a2b3c.js');
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    const revalidated = await get('/assets/app-1a2b3c.js', {
      'accept-encoding': 'br',
      'if-none-match': String(br.headers.etag),
    });
    expect(revalidated.status).toBe(304);
  });

  it('answers HEAD with the headers of the chosen copy and no body', async () => {
    const head = await get('/assets/app-1a2b3c.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);
  });

  it('serves a file without copies as built, and outside assets/ asks the browser to revalidate', async () => {
    const css = await get('/assets/style-9f8e.css', { 'accept-encoding': 'br, gzip' });
    expect(css.headers['content-encoding']).toBeUndefined();
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers.vary).toBeUndefined();
    const index = await get('/index.html', { 'accept-encoding': 'br' });
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('answers a page path with the page the build prerendered for it, compressed and revalidated', async () => {
    const landing = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(landing.status).toBe(200);
    expect(landing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(landing.headers['content-encoding']).toBe('br');
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(landing.body).toString()).toBe(landingPage);

    const contact = await get('/contact');
    expect(contact.body.toString()).toBe('<h1>Contact</h1>');
  });

  it('passes on what names no built file: other client routes, prerendered pages by file name, the copies by name, dotfiles, escapes from the root', async () => {
    for (const urlPath of [
      '/report/abc',
      '/scan',
      '/assets/',
      '/prerendered/index.html',
      '/prerendered/',
      '/assets/app-1a2b3c.js.br',
      '/.env',
      '/assets/..%2f..%2fetc%2fpasswd',
      '/%E0%A4%A',
    ]) {
      const response = await get(urlPath, { 'accept-encoding': 'br' });
      expect({ urlPath, status: response.status, body: response.body.toString() }).toEqual({
        urlPath,
        status: 404,
        body: 'passed on',
      });
    }
  });
});

describe('acceptedEncodings', () => {
  it('reads tokens, q-values and the wildcard', () => {
    expect([...acceptedEncodings('gzip, deflate, br')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('br;q=0, gzip')]).toEqual(['gzip']);
    expect([...acceptedEncodings('*')].sort()).toEqual(['br', 'gzip']);
    expect([...acceptedEncodings('*;q=0, gzip;q=0.1')]).toEqual(['gzip']);
    expect([...acceptedEncodings('identity')]).toEqual([]);
    expect([...acceptedEncodings(undefined)]).toEqual([]);
  });
});
