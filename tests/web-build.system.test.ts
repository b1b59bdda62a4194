import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, inject, it } from 'vitest';

/**
 * Read from the production build the end-to-end global setup made (`npm run build -w web`), the
 * one the products under test serve, rather than from a second build of its own.
 */
it('publishes no source maps: the gateway serves everything in web/dist to anyone', async () => {
  const webDist = inject('webDist');
  const files = (await readdir(webDist, { recursive: true })).map(String);
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  expect(files.filter((file) => /\.map(\.|$)/.test(file))).toEqual([]);
  for (const script of files.filter((file) => file.endsWith('.js'))) {
    expect(await readFile(path.join(webDist, script), 'utf8'), script).not.toContain('sourceMappingURL');
  }
});
