// @vitest-environment node
import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterEach, expect, it } from 'vitest';
import { precompress } from './precompress.plugin.ts';

let root: string;

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

it('writes brotli and gzip copies of every text asset a build emits, and none of fonts, maps or tiny files', async () => {
  root = await mkdtemp(path.join(tmpdir(), 'precompress-'));
  await mkdir(path.join(root, 'public'));
  const bigText = 'the heart line runs across the palm; '.repeat(100);
  await writeFile(
    path.join(root, 'index.html'),
    `<!doctype html><p>${bigText}</p><script type="module" src="/main.js"></script>`,
  );
  await writeFile(path.join(root, 'main.js'), `document.body.append(${JSON.stringify(bigText)});`);
  await writeFile(path.join(root, 'public', 'tiny.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(root, 'public', 'font.woff2'), Buffer.alloc(4096, 7));

  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [precompress()],
    build: { outDir: 'dist', sourcemap: true },
  });

  const dist = path.join(root, 'dist');
  const assets = await readdir(path.join(dist, 'assets'));
  const script = assets.find((name) => name.endsWith('.js'))!;
  expect(assets).toEqual(expect.arrayContaining([`${script}.br`, `${script}.gz`, `${script}.map`]));
  expect(assets).not.toContain(`${script}.map.br`);
  const original = await readFile(path.join(dist, 'assets', script));
  expect(brotliDecompressSync(await readFile(path.join(dist, 'assets', `${script}.br`)))).toEqual(original);
  expect(gunzipSync(await readFile(path.join(dist, 'assets', `${script}.gz`)))).toEqual(original);

  const top = await readdir(dist);
  expect(top).toEqual(expect.arrayContaining(['index.html.br', 'index.html.gz']));
  expect(top).not.toContain('tiny.svg.br');
  expect(top).not.toContain('font.woff2.br');
});
