import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, expect, inject, it } from 'vitest';

/**
 * Read from the production build the end-to-end global setup made (`npm run build -w web`), the
 * one the products under test serve, rather than from a second build of its own.
 */
const webDist = inject('webDist');
let files: string[];

beforeAll(async () => {
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

it("gives the report's shell the report's own scripts, so they load with the entry", async () => {
  const shell = await read(path.join('prerendered', 'report.shell.html'));
  const reportChunk = files.find((file) => /^assets\/report-[\w-]+\.js$/.test(file));
  expect(reportChunk).toBeDefined();
  expect(shell).toContain(`<link rel="modulepreload" crossorigin href="/${reportChunk}">`);
  expect(shell).toContain('<div id="root"></div>');
  expect(shell).toMatch(/<link rel="stylesheet"[^>]*href="\/assets\/[\w-]+\.css"/);
  expect(shell).not.toContain('fetchpriority="low"');
});
