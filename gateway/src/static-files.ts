import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler } from 'express';

/** The copies the web build writes next to each text asset (web/build/precompress.plugin.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

type Encoding = (typeof ENCODINGS)[number];

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The encodings the request accepts, from `Accept-Encoding` with its q-values: `gzip;q=0` refuses
 * gzip, `*` stands for any encoding the header does not name.
 */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [token = '', ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params
      .map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    weights.set(token, q === undefined ? 1 : Number(q));
  }
  const wildcard = weights.get('*');
  return new Set(
    ENCODINGS.map((encoding) => encoding.name).filter((name) => (weights.get(name) ?? wildcard ?? 0) > 0),
  );
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Pages the web build rendered to HTML (web/build/prerender.plugin.ts), each under the path it
 * answers: `/` → prerendered/index.html, `/a/b` → prerendered/a/b/index.html.
 */
const PRERENDERED_DIR = 'prerendered';

/** The server's render of the app (web/build/prerender.plugin.ts): the gateway's to run, nobody's to download. */
const SERVER_DIR = 'server';

/**
 * The built file a request path names, or undefined when it names none (or tries to leave the root).
 * A page path (no file extension) names the page the build prerendered for it, if any; the rest of
 * the client routes pass on to the empty shell, so none shows a prerendered page's content first.
 */
async function builtFile(root: string, req: Request): Promise<string | undefined> {
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(req.path);
  } catch {
    return undefined;
  }
  if (urlPath.includes('\0')) return undefined;
  const isPage = path.posix.extname(urlPath) === '';
  const file = isPage ? path.join(root, PRERENDERED_DIR, urlPath, 'index.html') : path.join(root, urlPath);
  if (!file.startsWith(root + path.sep)) return undefined;
  const parts = path.relative(root, file).split(path.sep);
  if (parts.some((part) => part.startsWith('.'))) return undefined;
  // A prerendered page is served at its own path only: elsewhere it would show another route's content.
  if (!isPage && (parts[0] === PRERENDERED_DIR || parts[0] === SERVER_DIR)) return undefined;
  // The compressed copies are served in place of their original, never under their own names.
  if (ENCODINGS.some((encoding) => file.endsWith(encoding.suffix))) return undefined;
  return (await isFile(file)) ? file : undefined;
}

/**
 * The web build's files, each in the best encoding the browser accepts that the build wrote a copy
 * for (brotli, then gzip, else as built), with `Vary: Accept-Encoding` and the original's
 * Content-Type. Hashed files under `assets/` are cached for good; everything else is revalidated.
 * Requests that name no built file or prerendered page pass on (to the single-page-app fallback).
 */
export function precompressedStaticFiles(webDist: string): RequestHandler {
  const root = path.resolve(webDist);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    void (async () => {
      const file = await builtFile(root, req);
      if (!file) {
        next();
        return;
      }
      const accepted = acceptedEncodings(req.headers['accept-encoding']);
      let chosen: Encoding | undefined;
      let hasCopies = false;
      for (const encoding of ENCODINGS) {
        if (!(await isFile(file + encoding.suffix))) continue;
        hasCopies = true;
        if (!chosen && accepted.has(encoding.name)) chosen = encoding;
      }
      const immutable = path.relative(root, file).split(path.sep)[0] === 'assets';
      res.setHeader('Cache-Control', immutable ? IMMUTABLE : 'no-cache');
      if (hasCopies) res.vary('Accept-Encoding');
      if (chosen) {
        res.type(path.extname(file));
        res.setHeader('Content-Encoding', chosen.name);
      }
      // sendFile keeps a Content-Type already set, so a copy goes out as what it encodes.
      const served = path.relative(root, chosen ? file + chosen.suffix : file);
      res.sendFile(served, { root, cacheControl: false }, (error) => {
        if (error && !res.headersSent) next(error);
      });
    })().catch(next);
  };
}
