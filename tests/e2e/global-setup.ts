import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { closeDatabase, createDatabase } from '@palm/platform';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, REPO_ROOT, WEB_DIST } from './support/paths';

const run = promisify(execFile);

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Where the fresh production build of web/dist that the products under test serve will be
     * copied; it is there once `builtWebDist()` (tests/e2e/support/web-dist.ts) resolves.
     */
    webDist: string;
    /** The file the build's outcome is written to when it ends (a `WebBuildOutcome`). */
    webBuildOutcome: string;
    /** A data directory holding a fresh, closed PGlite cluster, for products to start from. */
    freshDataDir: string;
  }
}

/** What the global setup writes to `webBuildOutcome` once the web build has ended. */
export type WebBuildOutcome = { built: true } | { built: false; error: string };

/**
 * Fails the whole suite up front, never skips, when the browser is missing. Builds the web app
 * once, in the background: Vitest runs every project's global setup before any test, and the
 * build's half a minute would hold both workers idle; the files that serve it wait for it
 * (`builtWebDist()`), the other tiers run meanwhile. The products serve a snapshot of the build, so
 * another `npm run build -w web` in this checkout (which empties web/dist) cannot pull chunks from
 * under a running test. Each product starts on a copy of one fresh database cluster: initdb, run
 * once here, is seconds of CPU that every end-to-end file would otherwise repeat.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The end-to-end suite needs Chromium at ${CHROMIUM_PATH} (Debian package "chromium"; .ci/run installs it: ` +
        'apt-get install chromium). It never downloads a browser of its own.',
    );
  }
  const [freshDataDir, snapshot, outcomeDir] = await Promise.all([
    makeFreshDataDir(),
    mkdtemp(path.join(tmpdir(), 'palm-e2e-web-')),
    mkdtemp(path.join(tmpdir(), 'palm-e2e-web-build-')),
  ]);
  const outcomeFile = path.join(outcomeDir, 'outcome.json');
  const building = buildWebInto(snapshot).then(
    () => writeOutcome(outcomeFile, { built: true }),
    (error: unknown) =>
      writeOutcome(outcomeFile, {
        built: false,
        error: error instanceof Error ? error.message : String(error),
      }),
  );
  project.provide('webDist', snapshot);
  project.provide('webBuildOutcome', outcomeFile);
  project.provide('freshDataDir', freshDataDir);
  return async () => {
    await building;
    await Promise.all(
      [snapshot, outcomeDir, freshDataDir].map((directory) =>
        rm(directory, { recursive: true, force: true }),
      ),
    );
  };
}

/** Written whole and then renamed into place: a waiting file never reads half of it. */
async function writeOutcome(file: string, outcome: WebBuildOutcome): Promise<void> {
  await writeFile(`${file}.partial`, JSON.stringify(outcome));
  await rename(`${file}.partial`, file);
}

async function makeFreshDataDir(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'palm-e2e-data-'));
  await closeDatabase(await createDatabase({ dataDir: directory }));
  return directory;
}

/** Builds the web app and copies the build to `snapshot`. */
async function buildWebInto(snapshot: string): Promise<void> {
  try {
    // Vitest sets NODE_ENV=test, which would make Vite build React's development runtime: the
    // browsers must be served what ships.
    await run('npm', ['run', 'build', '-w', 'web'], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`Building the web app failed (npm run build -w web):\n${stdout}\n${stderr}`, {
      cause: error,
    });
  }
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`The web build did not produce ${path.join(WEB_DIST, 'index.html')}`);
  }
  await cp(WEB_DIST, snapshot, { recursive: true });
}
