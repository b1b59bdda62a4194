import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@palm/platform';
import { pino } from 'pino';
import { inject } from 'vitest';
import { startEmbedded } from '@palm/gateway';

export interface RunningProduct {
  url: string;
  /** The product's log lines (pino JSON) since it started; empty unless `captureLogs` was asked for. */
  logLines: readonly string[];
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Keeps every info-and-above log line in `logLines`, for tests that read what the product logs. */
  captureLogs?: boolean;
  /** A port chosen ahead, for settings that must name the product's own address (PUBLIC_URL). */
  port?: number;
}

/**
 * What `npm start` runs — the embedded product serving the built web app (web/dist, as built by
 * the global setup) — in-process on a free port, with its own data directory so every test file
 * starts from a fresh install.
 */
export async function startProduct(
  env: NodeJS.ProcessEnv = {},
  options: StartOptions = {},
): Promise<RunningProduct> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'palm-e2e-'));
  const logLines: string[] = [];
  const logger = options.captureLogs
    ? pino({ name: 'e2e', level: 'info' }, { write: (line: string) => void logLines.push(line) })
    : createLogger('e2e', 'silent');
  const product = await startEmbedded({
    logger,
    env: { DATA_DIR: dataDir, WEB_DIST: inject('webDist'), ...env },
    port: options.port ?? 0,
    opsPort: 0,
    host: '127.0.0.1',
  });
  return {
    url: product.url,
    logLines,
    async stop() {
      await product.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
