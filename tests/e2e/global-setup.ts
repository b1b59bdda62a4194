import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { closeDatabase, createDatabase } from '@palm/platform';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH, REPO_ROOT, WEB_DIST } from './support/paths';

const run = promisify(execFile);

declare module 'vitest' {
  export interface ProvidedContext {
    /** A private copy of the freshly built web/dist that the products under test serve. */
    webDist: string;
    /** A data directory holding a fresh, closed PGlite cluster, for products to start from. */
    freshDataDir: string;
  }
}

/**
 * Fails the whole suite up front, never skips, when the browser is missing; builds the web app
 * once. The products serve a snapshot of the build, so another `npm run build -w web` in this
 * checkout (which empties web/dist) cannot pull chunks from under a running test. Each product
 * starts on a copy of one fresh database cluster: initdb, run once here, is seconds of CPU that
 * every end-to-end file would otherwise repeat.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The end-to-end suite needs Chromium at ${CHROMIUM_PATH} (Debian package "chromium"; .ci/run installs it: ` +
        'apt-get install chromium). It never downloads a browser of its own.',
    );
  }
  // initdb runs in a worker thread of its own, beside the build.
  const [madeDataDir, builtWeb] = await Promise.allSettled([makeFreshDataDir(), buildWeb()]);
  if (madeDataDir.status === 'rejected' || builtWeb.status === 'rejected') {
    for (const made of [madeDataDir, builtWeb]) {
      if (made.status === 'fulfilled') await rm(made.value, { recursive: true, force: true });
    }
    throw madeDataDir.status === 'rejected' ? madeDataDir.reason : (builtWeb as PromiseRejectedResult).reason;
  }
  const [freshDataDir, snapshot] = [madeDataDir.value, builtWeb.value];
  project.provide('webDist', snapshot);
  project.provide('freshDataDir', freshDataDir);
  return async () => {
    await rm(snapshot, { recursive: true, force: true });
    await rm(freshDataDir, { recursive: true, force: true });
  };
}

async function makeFreshDataDir(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'palm-e2e-data-'));
  await closeDatabase(await createDatabase({ dataDir: directory }));
  return directory;
}

/** Builds the web app and returns a snapshot of the build. */
async function buildWeb(): Promise<string> {
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
  const snapshot = await mkdtemp(path.join(tmpdir(), 'palm-e2e-web-'));
  await cp(WEB_DIST, snapshot, { recursive: true });
  return snapshot;
}
