import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { builtWebDist } from './e2e/support/web-dist';

/**
 * Read from the production build the end-to-end global setup made (`npm run build -w web`), the
 * one the products under test serve, rather than from a second build of its own.
 */
let webDist: string;
let files: string[];

beforeAll(async () => {
  webDist = await builtWebDist();
  files = (await readdir(webDist, { recursive: true })).map(String);
});

const read = (file: string) => readFile(path.join(webDist, file), 'utf8');

it('publishes no source maps: the gateway serves everything in web/dist to anyone', async () => {
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  expect(files.filter((file) => /\.map(\.|$)/.test(file))).toEqual([]);
  for (const script of files.filter((file) => file.endsWith('.js'))) {
    expect(await read(script), script).not.toContain('sourceMappingURL');
  }
});

it("ships React's production runtime, as the browsers under test are served what visitors get", async () => {
  for (const script of files.filter((file) => file.endsWith('.js'))) {
    expect(await read(script), script).not.toMatch(/\bjsxDEV\b|react-dom\.development|react\.development/);
  }
});

it('paints the landing page from its HTML alone: the stylesheet inline, the scripts after it', async () => {
  const stylesheets = files.filter((file) => file.endsWith('.css'));
  expect(stylesheets).toHaveLength(1);
  const css = await read(stylesheets[0]!);
  const page = await read(path.join('prerendered', 'index.html'));
  expect(page).not.toMatch(/<link rel="stylesheet"/);
  expect(page.match(/<style>([\s\S]*?)<\/style>/g)).toEqual([`<style>${css}</style>`]);
  const scripts = page.match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(1);
  for (const tag of scripts) expect(tag).toContain('fetchpriority="low"');
});

it("makes the report's shell a page of its own: stylesheet inline, fonts preloaded, scripts left to its loader", async () => {
  const shell = await read(path.join('prerendered', 'report.shell.html'));
  const css = await read(files.find((file) => file.endsWith('.css'))!);
  expect(shell).toContain('<div id="root"></div>');
  expect(shell).not.toMatch(/<link rel="stylesheet"/);
  expect(shell.match(/<style>([\s\S]*?)<\/style>/g)).toEqual([`<style>${css}</style>`]);
  for (const font of [
    /fraunces-latin-wght-normal-[\w-]+\.woff2/,
    /noto-sans-devanagari-600-subset-[\w-]+\.woff2/,
  ]) {
    const file = files.find((name) => font.test(name));
    expect(shell).toContain(`<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`);
  }
  // One script, the loader; the app's entry first among the modules it starts, the report's chunk with them.
  const scripts = shell.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts).toHaveLength(1);
  expect(shell).not.toContain('modulepreload');
  const loader =
    /<script type="module" crossorigin src="\/(assets\/load-after-photo-[\w-]+\.js)" data-modules="([^"]+)">/.exec(
      shell,
    );
  expect(loader).not.toBeNull();
  const modules = loader![2]!.split(' ');
  expect(modules[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  expect(modules).toContain(`/${files.find((file) => /^assets\/report-[\w-]+\.js$/.test(file))}`);
  for (const module of modules) expect(files).toContain(module.slice(1));
  expect(await read(loader![1]!)).not.toMatch(/\bimport\b[^.(]/);
});

it('builds the server render of the report for the gateway, and only for it', async () => {
  const render = (await import(path.join(webDist, 'server', 'render.js'))) as Record<string, unknown>;
  expect(typeof render.renderReportPage).toBe('function');
  // Read from disk by the gateway: no compressed copies for browsers.
  expect(files.filter((file) => file.startsWith('server') && /\.(br|gz)$/.test(file))).toEqual([]);
});
