import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@palm/platform';
import type { Browser } from 'playwright-core';
import { pino } from 'pino';
import { afterAll, beforeAll, inject } from 'vitest';
import { startEmbedded } from '@palm/gateway';
import { launchChromium } from './browser';
import { builtWebDist } from './web-dist';

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
 * the global setup, waited for here) — in-process on a free port, with its own data directory so
 * every test file starts from a fresh install (a copy of the fresh database cluster the global
 * setup made).
 */
export async function startProduct(
  env: NodeJS.ProcessEnv = {},
  options: StartOptions = {},
): Promise<RunningProduct> {
  const webDist = await builtWebDist();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'palm-e2e-'));
  await cp(inject('freshDataDir'), dataDir, { recursive: true });
  const logLines: string[] = [];
  const logger = options.captureLogs
    ? pino({ name: 'e2e', level: 'info' }, { write: (line: string) => void logLines.push(line) })
    : createLogger('e2e', 'silent');
  const product = await startEmbedded({
    logger,
    env: { DATA_DIR: dataDir, WEB_DIST: webDist, ...env },
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

export interface ProductAndBrowser {
  readonly product: RunningProduct;
  readonly browser: Browser;
}

/**
 * A test file's product and Chromium: both started side by side before the file's tests (hooks
 * registered by this call, so call it at the top of the file) and both stopped after them, even
 * when only one of the two came up.
 */
export function useProductAndBrowser(
  env: NodeJS.ProcessEnv = {},
  options: StartOptions = {},
): ProductAndBrowser {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [startedProduct, launchedBrowser] = await Promise.allSettled([
      startProduct(env, options),
      launchChromium(),
    ]);
    if (startedProduct.status === 'fulfilled') product = startedProduct.value;
    if (launchedBrowser.status === 'fulfilled') browser = launchedBrowser.value;
    if (startedProduct.status === 'rejected') throw startedProduct.reason;
    if (launchedBrowser.status === 'rejected') throw launchedBrowser.reason;
  });
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });
  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The ${what} is only there inside this file's tests and hooks`);
    return value;
  };
  return {
    get product() {
      return started(product, 'product');
    },
    get browser() {
      return started(browser, 'browser');
    },
  };
}
