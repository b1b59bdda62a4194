import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@palm/platform';
import { inject } from 'vitest';
import { startEmbedded } from '../../../gateway/src/embedded-app';

export interface RunningProduct {
  url: string;
  stop(): Promise<void>;
}

/**
 * What `npm start` runs — the embedded product serving the built web app (web/dist, as built by
 * the global setup) — in-process on a free port, with its own data directory so every test file
 * starts from a fresh install.
 */
export async function startProduct(env: NodeJS.ProcessEnv = {}): Promise<RunningProduct> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'palm-e2e-'));
  const product = await startEmbedded({
    logger: createLogger('e2e', 'silent'),
    env: { DATA_DIR: dataDir, WEB_DIST: inject('webDist'), ...env },
    port: 0,
    host: '127.0.0.1',
  });
  return {
    url: product.url,
    async stop() {
      await product.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
