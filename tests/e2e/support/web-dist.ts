import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import type { WebBuildOutcome } from '../global-setup';

/**
 * Several times a build on a loaded two-core machine (about half a minute), and short of the
 * system tier's hook timeout, so a hung build is reported as one.
 */
const BUILD_TIMEOUT_MS = 150_000;
const POLL_MS = 250;

let built: Promise<string> | undefined;

/**
 * The production build of the web app the global setup makes in the background, once it is there;
 * rejects with the build's own error when it failed, so every file that needs it fails, none skips.
 */
export function builtWebDist(): Promise<string> {
  built ??= waitForBuild();
  return built;
}

async function waitForBuild(): Promise<string> {
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const outcome = await readOutcome();
    if (outcome?.built) return inject('webDist');
    if (outcome) throw new Error(outcome.error);
    await sleep(POLL_MS);
  }
  throw new Error(
    `The web build the end-to-end setup started did not end within ${BUILD_TIMEOUT_MS / 1000} s`,
  );
}

async function readOutcome(): Promise<WebBuildOutcome | undefined> {
  try {
    return JSON.parse(await readFile(inject('webBuildOutcome'), 'utf8')) as WebBuildOutcome;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
