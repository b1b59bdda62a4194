import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';
import { SERVER_DIR } from './prerender.plugin.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Formats worth compressing: text, and the hand model's WASM binaries and weights; fonts (woff2)
 * and images are compressed already. Source maps are never fetched by visitors.
 */
const TEXT_FILE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml|wasm|bin)$/;
/** Below this a compressed copy saves less than the response headers it changes. */
const MIN_BYTES = 512;

async function* filesUnder(directory: string): AsyncGenerator<string> {
  for (const entry of await readdir(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) next to every text asset of the build,
 * so the gateway serves compressed bytes without compressing per request (gateway/src/static-files.ts).
 * A copy that would not be smaller is not written.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'palm:precompress',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const written: Promise<void>[] = [];
      // The server's render of the app is read from disk by the gateway, never sent to a browser.
      const serverDir = path.join(outDir, SERVER_DIR) + path.sep;
      for await (const file of filesUnder(outDir)) {
        if (!TEXT_FILE.test(file) || file.startsWith(serverDir)) continue;
        const content = await readFile(file);
        if (content.length < MIN_BYTES) continue;
        written.push(
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }).then((compressed) =>
            compressed.length < content.length ? writeFile(`${file}.br`, compressed) : undefined,
          ),
          gzipAsync(content, { level: 9 }).then((compressed) =>
            compressed.length < content.length ? writeFile(`${file}.gz`, compressed) : undefined,
          ),
        );
      }
      await Promise.all(written);
    },
  };
}
