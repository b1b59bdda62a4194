import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import { mmapThreshold, nodeFlags, ROLE_NAMES, ROLES, type RoleName } from '@palm/catalogue';

/**
 * Every role of the catalogue (what the image and `start:distributed` run), and `launch`, the
 * allocator launcher `npm start` runs the embedded product through.
 */
export type ServerRole = RoleName | 'launch';
const SERVER_ENTRIES: Record<ServerRole, string> = {
  ...(Object.fromEntries(ROLE_NAMES.map((role) => [role, ROLES[role].entry])) as Record<RoleName, string>),
  launch: 'scripts/launch.ts',
};

/** Where `npm run build` puts the compiled roles, relative to the repository. */
export const SERVER_DIST = 'dist';

/** A compiled role's file in the directory the roles were compiled into: one file of our code per role. */
export const compiledRoleFile = (role: ServerRole) => `${role}.js`;

/** Where a compiled role goes, relative to the repository. */
export const compiledEntry = (role: ServerRole) => `${SERVER_DIST}/${compiledRoleFile(role)}`;

/**
 * The image's role table, written by the build as dist/roles.sh from the catalogue: for each role
 * its compiled entry, its default port and the allocator and V8 settings it starts with, so the
 * entrypoint decides none of them itself. Sourced by deploy/docker-entrypoint.sh.
 */
export function roleTableScript(): string {
  const arms = ROLE_NAMES.map((role) => {
    const { port } = ROLES[role];
    const settings = [
      `entry=${compiledEntry(role)}`,
      `default_port=${port ?? ''}`,
      `mmap_threshold=${mmapThreshold(role)}`,
      `node_flags="${nodeFlags(role).join(' ')}"`,
    ];
    return `    ${role}) ${settings.join(' ')} ;;`;
  });
  return [
    '# Written by `npm run build` from @palm/catalogue (services/catalogue/src/catalogue.ts); do not edit.',
    `roles="${ROLE_NAMES.join(' ')}"`,
    'role_settings() {',
    '  case "$1" in',
    ...arms,
    '    *) return 1 ;;',
    '  esac',
    '}',
    '',
  ].join('\n');
}

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

/**
 * Compiles every role into `<root>/dist/<role>.js` (ES modules for Node 20, with source maps), and
 * writes the image's role table beside them (dist/roles.sh, read by deploy/docker-entrypoint.sh).
 * Tests compile into a directory of their own (`outdir`), which must lie inside `root`: the roles
 * import every other package from its node_modules.
 */
export async function buildServer(root: string, outdir = path.join(root, SERVER_DIST)): Promise<string[]> {
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
  await writeFile(path.join(outdir, 'roles.sh'), roleTableScript());
  return Object.keys(result.metafile.outputs).filter((file) => file.endsWith('.js'));
}
