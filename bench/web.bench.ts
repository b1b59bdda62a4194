import { spawnSync } from 'node:child_process';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { createLogger } from '@palm/platform';
import { startEmbedded } from '../gateway/src/embedded-app';
import { ROOT, writeBenchmarkSection } from './support/benchmarks-doc';
import { ascending, machineLoad, median } from './support/stats';

/**
 * `npm run bench:web`: builds the web app, serves it with the embedded product (the real gateway,
 * as `npm start` does) and measures the landing page in headless Chromium — every script it loads,
 * gzipped, and its cold load time. Records the figures in docs/benchmarks.md (section `web`).
 */
const CHROMIUM = '/usr/bin/chromium';
const COLD_LOADS = 7;
const TARGET_GZIP_KB = 150;

interface LoadTiming {
  loadMs: number;
  fcpMs: number;
}

/** The performance entries a load needs, as the page reports them (the root tsconfig has no DOM lib). */
interface PagePerformance {
  getEntriesByType(type: 'navigation'): { startTime: number; loadEventEnd: number }[];
  getEntriesByType(type: 'paint'): { name: string; startTime: number }[];
}

/**
 * The production build, into a directory of this run's own: web/dist is shared with the e2e suite
 * and anyone else building at the same time, and vite empties its output directory first.
 */
function buildWeb(outDir: string): void {
  const build = spawnSync('npm', ['run', 'build', '-w', 'web', '--', '--outDir', outDir, '--emptyOutDir'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error(`npm run build -w web failed (exit ${build.status})`);
}

/** The scripts index.html itself names: the entry module and its modulepreloads. */
async function scriptsInIndexHtml(webDist: string): Promise<string[]> {
  const html = await readFile(path.join(webDist, 'index.html'), 'utf8');
  const sources = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]!);
  const preloads = [...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map(
    (match) => match[1]!,
  );
  return [...new Set([...sources, ...preloads])];
}

const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });

/** Every script response the landing page receives, as paths on our origin, once the network is idle. */
async function scriptsLoadedByLanding(browser: Browser, url: string): Promise<string[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    return [...scripts].sort();
  } finally {
    await context.close();
  }
}

/** One cold load: a fresh context (empty cache), navigation start → load event, and first contentful paint. */
async function coldLoad(browser: Browser, url: string): Promise<LoadTiming> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${url}/`, { waitUntil: 'load' });
    await page.waitForFunction(() => {
      const perf = (globalThis as unknown as { performance: PagePerformance }).performance;
      const [navigation] = perf.getEntriesByType('navigation');
      const painted = perf.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint');
      return (navigation?.loadEventEnd ?? 0) > 0 && painted;
    });
    return await page.evaluate(() => {
      const perf = (globalThis as unknown as { performance: PagePerformance }).performance;
      const navigation = perf.getEntriesByType('navigation')[0]!;
      const fcp = perf.getEntriesByType('paint').find((entry) => entry.name === 'first-contentful-paint')!;
      return { loadMs: navigation.loadEventEnd - navigation.startTime, fcpMs: fcp.startTime };
    });
  } finally {
    await context.close();
  }
}

async function gzippedSizes(webDist: string, urlPaths: string[]) {
  return Promise.all(
    urlPaths.map(async (urlPath) => {
      const file = await readFile(path.join(webDist, decodeURIComponent(urlPath)));
      return { urlPath, raw: file.length, gzip: gzipSync(file).length };
    }),
  );
}

const load = await machineLoad();
const workDir = await mkdtemp(path.join(tmpdir(), 'bench-web-'));
const webDist = path.join(workDir, 'dist');
buildWeb(webDist);
const product = await startEmbedded({
  logger: createLogger('bench-web', 'silent'),
  env: { DATA_DIR: path.join(workDir, 'data'), WEB_DIST: webDist },
  port: 0,
  host: '127.0.0.1',
});
const browser = await launchChromium();
let loaded: string[];
const timings: LoadTiming[] = [];
let named: string[];
let sizes: Awaited<ReturnType<typeof gzippedSizes>>;
try {
  loaded = await scriptsLoadedByLanding(browser, product.url);
  for (let run = 0; run < COLD_LOADS; run++) timings.push(await coldLoad(browser, product.url));
  named = await scriptsInIndexHtml(webDist);
  sizes = await gzippedSizes(webDist, loaded);
} finally {
  await browser.close();
  await product.stop();
  await rm(workDir, { recursive: true, force: true });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const totalGzip = sizes.reduce((sum, file) => sum + file.gzip, 0);
const totalRaw = sizes.reduce((sum, file) => sum + file.raw, 0);
const notLoaded = named.filter((script) => !loaded.includes(script));
const loadTimes = ascending(timings.map((t) => t.loadMs));
const fcpTimes = ascending(timings.map((t) => t.fcpMs));
const ms = (value: number) => `${Math.round(value)} ms`;

const report = `## Web: landing page

Recorded by \`npm run bench:web\` (bench/web.bench.ts) on ${new Date().toISOString().slice(0, 10)}.
Machine: ${load}.
The production build (\`npm run build -w web\`, into a temporary directory) served by the embedded product's gateway; headless Chromium
(${CHROMIUM}, playwright-core), default viewport, no throttling, over loopback.

Target: the landing page's JavaScript ≤ ${TARGET_GZIP_KB} KB gzipped.

### JavaScript loaded by \`/\` (every script response until the network is idle; the built files gzipped at level 6)

| script | raw | gzipped |
| --- | --- | --- |
${sizes.map((file) => `| ${file.urlPath} | ${kb(file.raw)} KB | ${kb(file.gzip)} KB |`).join('\n')}
| **total (${sizes.length} scripts)** | **${kb(totalRaw)} KB** | **${kb(totalGzip)} KB** — target ${totalGzip <= TARGET_GZIP_KB * 1024 ? 'met' : '**missed**'} |

index.html names ${named.length} scripts (entry + modulepreloads)${notLoaded.length ? `; not fetched: ${notLoaded.join(', ')}` : ', all fetched'}.

### Cold load of \`/\` (${COLD_LOADS} loads, a fresh browser context each)

| figure | median | min | max |
| --- | --- | --- | --- |
| navigation start → load event | ${ms(median(loadTimes))} | ${ms(loadTimes[0]!)} | ${ms(loadTimes.at(-1)!)} |
| first contentful paint | ${ms(median(fcpTimes))} | ${ms(fcpTimes[0]!)} | ${ms(fcpTimes.at(-1)!)} |
`;

await writeBenchmarkSection('web', report);
console.log(report);
