import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '@palm/gateway';
import { createHttpApp, createLogger, listen } from '@palm/platform';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * Issue #27, point 8: the product run with secrets planted where the review found them leaking
 * (a configuration error, a connection string, a `?setup=` token in a requested URL at debug level,
 * a dependency's error quoting its URL); no line of its log output may contain any of them.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLANTED = {
  mistypedTotpSecret: 'PLANTED1TOTP8SECRET9NOT0BASE32',
  malformedUrlPassword: 'planted-malformed-url-password',
  databasePassword: 'planted-database-password',
  setupToken: 'planted-setup-token-0123456789',
  dependencyPassword: 'planted-broker-password',
};

const logLines: string[] = [];
const capture = { write: (line: string) => void logLines.push(line) };
let dataDir: string;
let database: TestDatabase;
let product: EmbeddedProduct;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'palm-secrets-'));
  database = await createTestDatabase();
  // The server trusts local connections, so a password in the URL is carried but never checked.
  const url = new URL(database.url);
  url.username = 'postgres';
  url.password = PLANTED.databasePassword;
  product = await startEmbedded({
    logger: createLogger('palm', 'debug', capture),
    env: {
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      ADMIN_SETUP_TOKEN: PLANTED.setupToken,
    },
    port: 0,
    opsPort: 0,
    host: '127.0.0.1',
  });
}, 120_000);

afterAll(async () => {
  await product?.stop();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs the embedded product as `npm start` does and returns everything it printed. */
function runEmbeddedProcess(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'gateway/src/embedded.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', OPS_PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('secrets planted in a run never reach its logs', () => {
  it('names a wrong setting and what is wrong with it, without its value', async () => {
    // Settings are read in turn and start-up stops at the first wrong group: one process per case.
    const cases: { env: Record<string, string>; says: string; secret: string }[] = [
      {
        env: { ADMIN_TOTP_SECRET: PLANTED.mistypedTotpSecret },
        says: 'ADMIN_TOTP_SECRET: expected a base32 secret',
        secret: PLANTED.mistypedTotpSecret,
      },
      {
        env: { DATABASE_URL: `postgres://palm:${PLANTED.malformedUrlPassword}@db:port/palm` },
        says: 'DATABASE_URL: expected a URL',
        secret: PLANTED.malformedUrlPassword,
      },
    ];
    const runs = await Promise.all(cases.map((planted) => runEmbeddedProcess(planted.env)));
    cases.forEach((planted, index) => {
      const { code, output } = runs[index]!;
      expect(code, planted.says).toBe(1);
      expect(output).toContain(planted.says);
      expect(output).not.toContain(planted.secret);
    });
  });

  it('logs requests and dependency failures by path, and connection strings without their password', async () => {
    const setup = await fetch(`${product.url}/api/admin/setup?setup=${PLANTED.setupToken}`);
    expect(setup.status).toBe(200);
    await fetch(`${product.url}/admin/auth?setup=${PLANTED.setupToken}#${PLANTED.setupToken}`);

    // A dependency that is away, whose client quotes its connection string in the error.
    const failing = Router().get('/api/broker-backed', () => {
      throw Object.assign(
        new Error(`connect ECONNREFUSED amqp://palm:${PLANTED.dependencyPassword}@broker:5672`),
        { code: 'ECONNREFUSED' },
      );
    });
    const service = await listen(
      createHttpApp({ logger: createLogger('stand-in', 'debug', capture), routers: [failing] }),
      0,
      '127.0.0.1',
    );
    try {
      const answer = await fetch(`${service.url}/api/broker-backed?setup=${PLANTED.setupToken}`);
      expect(answer.status).toBe(503);
    } finally {
      await service.close();
    }

    const log = logLines.join('');
    // The run logged what these checks are about: requests at debug level, the dependency warning.
    expect(log).toContain('"url":"/api/admin/setup"');
    expect(log).toContain('"url":"/api/broker-backed"');
    expect(log).toContain('a dependency is unavailable');
    expect(log).toContain('amqp://broker:5672');
    for (const [name, secret] of Object.entries(PLANTED)) expect(log, name).not.toContain(secret);
  });
});
