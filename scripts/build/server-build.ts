import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

/**
 * Every role the image and `start:distributed` run, and the TypeScript file each starts from.
 * `launch` is the allocator launcher `npm start` runs the embedded product through.
 */
export const SERVER_ENTRIES = {
  gateway: 'gateway/src/main.ts',
  reading: 'services/reading/src/main.ts',
  flow: 'services/flow/src/main.ts',
  'admin-auth': 'services/admin-auth/src/main.ts',
  prompt: 'services/prompt/src/main.ts',
  'ai-worker': 'services/ai-worker/src/main.ts',
  migrate: 'scripts/migrate.ts',
  dlq: 'scripts/dlq.ts',
  embedded: 'gateway/src/embedded.ts',
  launch: 'scripts/launch.ts',
} as const;
export type ServerRole = keyof typeof SERVER_ENTRIES;

const SERVER_DIST = 'dist';

/** Where a compiled role goes, relative to the repository: one file of our code per role. */
export const compiledEntry = (role: ServerRole) => `${SERVER_DIST}/${role}.js`;

/**
 * Our own workspace packages (`@palm/*`, consumed as TypeScript source through their `exports`)
 * are compiled into each role; every other package stays an import that Node resolves from
 * node_modules at run time, so native and WASM modules (sharp, tfjs) load as they always do.
 */
const thirdPartyExternal: Plugin = {
  name: 'third-party-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@palm/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * `import.meta.url` keeps meaning the source file's own location, as it does under tsx: code that
 * finds files next to itself (the hand-landmark model under services/palm-engine/models) or resolves
 * packages from where it lives (createRequire) works unchanged from one bundled file in dist/.
 */
function sourceLocatedImportMeta(outDir: string): Plugin {
  return {
    name: 'source-located-import-meta',
    setup(builder) {
      builder.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const fromBundle = path.relative(outDir, args.path).split(path.sep).join('/');
        return {
          contents: source.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`,
          ),
          loader: 'ts',
        };
      });
    },
  };
}

/** Compiles every role into `<root>/dist/<role>.js` (ES modules for Node 20, with source maps). */
export async function buildServer(root: string): Promise<string[]> {
  const outdir = path.join(root, SERVER_DIST);
  const result = await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(SERVER_ENTRIES).map(([role, entry]) => [role, entry])),
    outdir,
    bundle: true,
    splitting: false,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [thirdPartyExternal, sourceLocatedImportMeta(outdir)],
  });
  return Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
}
