// @vitest-environment node
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { afterAll, expect, it } from 'vitest';

const configFile = fileURLToPath(new URL('../vite.config.ts', import.meta.url));
let outDir: string;

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

it('publishes no source maps: the gateway serves everything in web/dist to anyone', async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'palm-web-build-'));
  await build({ configFile, logLevel: 'silent', build: { outDir, emptyOutDir: true } });

  const files = (await readdir(outDir, { recursive: true })).map(String);
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  expect(files.filter((file) => /\.map(\.|$)/.test(file))).toEqual([]);
  for (const script of files.filter((file) => file.endsWith('.js'))) {
    expect(await readFile(path.join(outDir, script), 'utf8'), script).not.toContain('sourceMappingURL');
  }
}, 120_000);
