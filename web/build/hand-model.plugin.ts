import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** The hand-landmark network the engine vendors: the browser's live capture runs the same one. */
const MODEL_DIR = fileURLToPath(new URL('../../services/palm-engine/models/', import.meta.url));
const MODEL_JSON = 'handlandmark-full.json';
/**
 * TensorFlow.js's WASM backend. The backend insists on a URL for each of its builds, but the
 * threaded one needs a cross-origin-isolated page (SharedArrayBuffer), which the site is not: the
 * page never fetches it.
 */
const WASM_FILES = [
  'tfjs-backend-wasm.wasm',
  'tfjs-backend-wasm-simd.wasm',
  'tfjs-backend-wasm-threaded-simd.wasm',
] as const;
/** Under assets/: the gateway serves everything there as immutable (gateway/src/static-files.ts). */
const PUBLIC_DIR = 'assets/hand-model';

/** Where the page finds the model and the backend's binaries: set by `define` as __HAND_MODEL__. */
export interface HandModelUrls {
  model: string;
  wasm: Record<(typeof WASM_FILES)[number], string>;
}

interface Asset {
  fileName: string;
  source: Buffer;
}

const hashed = (name: string, source: Buffer) => {
  const extension = path.extname(name);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
  return `${PUBLIC_DIR}/${path.basename(name, extension)}-${hash}${extension}`;
};

/** The files under content-hashed names, the model's JSON rewritten to name its weights' hashed file. */
function handModelAssets(): { assets: Asset[]; urls: HandModelUrls } {
  const json = JSON.parse(readFileSync(path.join(MODEL_DIR, MODEL_JSON), 'utf8')) as {
    weightsManifest: { paths: string[] }[];
  };
  const assets: Asset[] = [];
  for (const group of json.weightsManifest) {
    group.paths = group.paths.map((name) => {
      const source = readFileSync(path.join(MODEL_DIR, name));
      const fileName = hashed(name, source);
      assets.push({ fileName, source });
      return path.basename(fileName);
    });
  }
  const modelSource = Buffer.from(JSON.stringify(json));
  const modelFile = hashed(MODEL_JSON, modelSource);
  assets.push({ fileName: modelFile, source: modelSource });

  const require = createRequire(import.meta.url);
  const wasmDir = path.join(
    path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')),
    'dist',
  );
  const wasm = Object.fromEntries(
    WASM_FILES.map((name) => {
      const source = readFileSync(path.join(wasmDir, name));
      const fileName = hashed(name, source);
      assets.push({ fileName, source });
      return [name, `/${fileName}`];
    }),
  ) as HandModelUrls['wasm'];
  return { assets, urls: { model: `/${modelFile}`, wasm } };
}

/**
 * Ships the hand-landmark network and TensorFlow.js's WASM binaries with the site, from our own
 * origin and under content-hashed names (cached as immutable); the page fetches them only when
 * the guided camera opens. The dev server serves the same files from memory.
 */
export function handModel(): Plugin {
  const { assets, urls } = handModelAssets();
  return {
    name: 'palm:hand-model',
    config: () => ({ define: { __HAND_MODEL__: JSON.stringify(urls) } }),
    configureServer(server) {
      const byUrl = new Map(assets.map((asset) => [`/${asset.fileName}`, asset]));
      server.middlewares.use((req, res, next) => {
        const asset = byUrl.get(req.url ?? '');
        if (!asset) return next();
        res.setHeader(
          'Content-Type',
          asset.fileName.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream',
        );
        res.end(asset.source);
      });
    },
    generateBundle() {
      // The browser's files: the server's render of the app (build/prerender.plugin.ts) needs none.
      if (this.environment.config.build.ssr) return;
      for (const { fileName, source } of assets) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
