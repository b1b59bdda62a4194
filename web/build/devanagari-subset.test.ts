// @vitest-environment node
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const SOURCE = fileURLToPath(new URL('../src', import.meta.url));
const FONTS = path.join(SOURCE, 'styles', 'fonts');
const DEVANAGARI = /[\u0900-\u097F]/gu;

it('cuts the Devanagari font to every character the app shows (src/styles/fonts/README.md)', async () => {
  const subset = new Set(await readFile(path.join(FONTS, 'devanagari-subset.txt'), 'utf8'));
  const sources = (await readdir(SOURCE, { recursive: true }))
    .map(String)
    .filter((file) => /\.(tsx?|css)$/.test(file));
  const missing = new Map<string, string>();
  for (const file of sources) {
    for (const [character] of (await readFile(path.join(SOURCE, file), 'utf8')).matchAll(DEVANAGARI)) {
      if (!subset.has(character)) missing.set(character, file);
    }
  }
  expect(sources.length).toBeGreaterThan(50);
  expect(Object.fromEntries(missing)).toEqual({});
  expect(subset).toContain('ॐ');
});
