import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The import graph between the workspace packages, read from the source: every package declares
 * what it imports (knip reports the unused declarations and exports, but not a missing
 * `@palm/*` declaration, nor one the root's manifest happens to satisfy), no service imports
 * another service, and nothing imports past another package's `index.ts`.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = /\.(ts|tsx|js|mjs)$/;
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', '.turbo', 'public', 'models']);

interface Workspace {
  dir: string;
  name: string;
  dependencies: Set<string>;
  devDependencies: Set<string>;
  /** What others may import: the package's name, and any subpath its `exports` declares. */
  entries: Set<string>;
}

function readWorkspace(dir: string): Workspace {
  const manifest = JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as {
    name: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
    exports?: Record<string, string>;
  };
  return {
    dir,
    name: manifest.name,
    dependencies: new Set(Object.keys(manifest.dependencies ?? {})),
    devDependencies: new Set(Object.keys(manifest.devDependencies ?? {})),
    entries: new Set(
      Object.keys(manifest.exports ?? { '.': '' }).map((entry) => path.posix.join(manifest.name, entry)),
    ),
  };
}

const rootManifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  workspaces: string[];
};
const PACKAGES = rootManifest.workspaces
  .flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(ROOT, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
      : [pattern],
  )
  .filter((dir) => existsSync(path.join(ROOT, dir, 'package.json')))
  .map(readWorkspace);
const ROOT_WORKSPACE = readWorkspace('.');
const WORKSPACES = [ROOT_WORKSPACE, ...PACKAGES];
/** The services: packages that run as a process of their own (a `src/main.ts`). */
const SERVICES = new Set(
  PACKAGES.filter((workspace) => existsSync(path.join(ROOT, workspace.dir, 'src/main.ts'))).map(
    (workspace) => workspace.name,
  ),
);
/** The composition roots: the gateway and the catalogue, which pairs each service with its module. */
const COMPOSITION_ROOTS = new Set(['@palm/gateway', '@palm/catalogue']);

/** The package a file belongs to: the deepest workspace directory holding it. */
function owner(file: string): Workspace {
  const relative = path.relative(ROOT, file);
  return (
    PACKAGES.find((workspace) => relative === workspace.dir || relative.startsWith(`${workspace.dir}/`)) ??
    ROOT_WORKSPACE
  );
}

function sourceFiles(dir: string, nested: Set<string>): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name.startsWith('.') || SKIPPED_DIRECTORIES.has(name) || nested.has(full)) return [];
      return sourceFiles(full, nested);
    }
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

interface Import {
  file: string;
  specifier: string;
}

function importsOf(workspace: Workspace): Import[] {
  const nested = new Set(
    workspace === ROOT_WORKSPACE ? PACKAGES.map((other) => path.join(ROOT, other.dir)) : [],
  );
  return sourceFiles(path.join(ROOT, workspace.dir), nested).flatMap((file) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.map(({ fileName }) => ({ file: path.relative(ROOT, file), specifier: fileName })),
  );
}

const IMPORTS = new Map(WORKSPACES.map((workspace) => [workspace, importsOf(workspace)]));

const isRelative = (specifier: string) => specifier.startsWith('.');
/** `@/…` is the web app's alias for its own src/. */
const isInternalAlias = (specifier: string) => specifier.startsWith('@/');
const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!);

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** Code that ships (a package's src/) needs its imports in `dependencies`; tests and tools may use devDependencies. */
const ships = (workspace: Workspace, file: string) =>
  workspace !== ROOT_WORKSPACE &&
  file.startsWith(`${workspace.dir}/src/`) &&
  !file.includes('/testing/') &&
  !/\.test\.tsx?$/.test(file);
/** What every package's tests and benchmarks may share: the repository's test and benchmark support. */
const SHARED_SUPPORT = ['tests/support/', 'bench/support/'];

describe('package boundaries', () => {
  it.each(WORKSPACES.map((workspace) => [workspace.name, workspace] as const))(
    '%s declares every package it imports',
    (_name, workspace) => {
      const undeclared = new Map<string, string>();
      for (const { file, specifier } of IMPORTS.get(workspace)!) {
        if (isRelative(specifier) || isInternalAlias(specifier) || isBuiltin(specifier)) continue;
        const name = packageName(specifier);
        if (name === workspace.name) continue;
        const declared = ships(workspace, file)
          ? workspace.dependencies.has(name)
          : workspace.dependencies.has(name) ||
            workspace.devDependencies.has(name) ||
            // The shared toolchain (vitest, typescript, …) is declared once, by the root.
            ROOT_WORKSPACE.devDependencies.has(name);
        if (!declared && !undeclared.has(name)) undeclared.set(name, file);
      }
      // One line per missing package, naming the first file that imports it.
      expect([...undeclared].map(([name, file]) => `${name} (${file})`).sort()).toEqual([]);
    },
  );

  it('lets no service import another service or a composition root, and no library import a service', () => {
    const crossings = PACKAGES.filter((workspace) => !COMPOSITION_ROOTS.has(workspace.name)).flatMap(
      (workspace) =>
        IMPORTS.get(workspace)!
          .filter(({ specifier }) => {
            const name = packageName(specifier);
            return name !== workspace.name && (SERVICES.has(name) || COMPOSITION_ROOTS.has(name));
          })
          .map(({ file, specifier }) => `${file} → ${specifier}`),
    );
    expect(SERVICES.size).toBeGreaterThan(0);
    expect(crossings).toEqual([]);
  });

  it('lets nothing import past the entries another package declares', () => {
    const deep = WORKSPACES.flatMap((workspace) =>
      IMPORTS.get(workspace)!.flatMap(({ file, specifier }) => {
        const imported = PACKAGES.find((other) => other.name === packageName(specifier));
        if (imported && !imported.entries.has(specifier)) return [`${file} → ${specifier}`];
        if (!isRelative(specifier)) return [];
        const target = path.resolve(ROOT, path.dirname(file), specifier);
        const targetOwner = owner(target);
        if (targetOwner === workspace) return [];
        const sharedSupport =
          targetOwner === ROOT_WORKSPACE &&
          SHARED_SUPPORT.some((support) => path.relative(ROOT, target).startsWith(support));
        return sharedSupport && !ships(workspace, file) ? [] : [`${file} → ${specifier}`];
      }),
    );
    expect(deep).toEqual([]);
  });
});
