import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  closeDatabase,
  createLogger,
  startService,
  type Database,
  type Logger,
  type SessionVerifier,
} from '@palm/platform';
import { adminSetupResponseSchema, type AdminSetupResponse } from '@palm/contracts';
import { adminAuthModule } from '../src/admin-auth.module';
import { createTestPglite } from '../../../tests/support/test-pglite';

export const SETUP_TOKEN = 'test-setup-token-0123456789';
/** The data key of every test service unless one is given: a restart on the same database opens what it sealed. */
export const TEST_DATA_KEY = Buffer.alloc(32, 7);

/** A clock that follows real time (authenticator codes are made for real time) plus a shift tests control. */
export class TestClock {
  offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advanceMinutes(minutes: number) {
    this.offsetMs += minutes * 60_000;
  }
}

export interface RunningAdminAuth {
  url: string;
  /** The in-process session check the service provides its peers. */
  sessions: SessionVerifier;
  db: Database;
  clock: TestClock;
  logger: Logger;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Reuse a database (a restart); it is then not closed with the service. */
  db?: Database;
  logger?: Logger;
  /** The data key (ADMIN_DATA_KEY); TEST_DATA_KEY unless given. */
  dataKey?: Buffer;
  /** The proxies trusted for X-Forwarded-For (TRUST_PROXY); tests stand behind one on loopback. */
  trustProxy?: false | number | string[];
}

export async function startAdminAuth(options: StartOptions = {}): Promise<RunningAdminAuth> {
  const db = options.db ?? (await createTestPglite());
  const logger = options.logger ?? createLogger('admin-auth-test', 'silent');
  const clock = new TestClock();
  const trustProxy = options.trustProxy ?? ['loopback'];
  const service = await startService(adminAuthModule, {
    env: {
      ADMIN_SETUP_TOKEN: SETUP_TOKEN,
      TRUST_PROXY: trustProxy === false ? 'false' : String(trustProxy),
      ...options.env,
    },
    logger,
    db,
    port: 0,
    host: '127.0.0.1',
    deps: { dataKey: options.dataKey ?? TEST_DATA_KEY, now: clock.now },
  });
  return {
    url: service.url,
    sessions: { verify: (sessionId: string) => service.peers.verifySession(sessionId) },
    db,
    clock,
    logger,
    close: async () => {
      await service.stop();
      if (!options.db) await closeDatabase(db);
    },
  };
}

/** What an authenticator app shows for `secret` at `at` — computed by Debian's oathtool, not by our code. */
export function oathCode(secret: string, at: Date = new Date()): string {
  return execFileSync('oathtool', ['--totp', '-b', '-N', `@${Math.floor(at.getTime() / 1000)}`, secret], {
    encoding: 'utf8',
  }).trim();
}

/** Reads the setup QR code the way a phone camera would: zbarimg on the PNG image. */
export function scanQrCode(dataUrl: string): string {
  const match = /^data:image\/png;base64,(.+)$/.exec(dataUrl);
  if (!match?.[1]) throw new Error(`not a PNG data URL: ${dataUrl.slice(0, 40)}`);
  const directory = mkdtempSync(path.join(tmpdir(), 'admin-qr-'));
  try {
    const file = path.join(directory, 'setup-qr.png');
    writeFileSync(file, Buffer.from(match[1], 'base64'));
    return execFileSync('zbarimg', ['--quiet', '--raw', file], { encoding: 'utf8' }).trim();
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export interface CallOptions {
  sessionId?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function call(baseUrl: string, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.sessionId) headers.authorization = `Bearer ${options.sessionId}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  return {
    status: response.status,
    headers: response.headers,
    body: body as Record<string, unknown> | undefined,
  };
}

export async function beginSetup(baseUrl: string): Promise<AdminSetupResponse> {
  const response = await call(baseUrl, 'GET', `/api/admin/setup?setup=${SETUP_TOKEN}`);
  if (response.status !== 200) throw new Error(`setup answered ${response.status}`);
  return adminSetupResponseSchema.parse(response.body);
}

export const login = (baseUrl: string, token: string, headers?: Record<string, string>) =>
  call(baseUrl, 'POST', '/api/admin/login', { body: { token }, headers });

/** The `name=value` part of a Set-Cookie header, as a browser sends it back in Cookie. */
export const cookieOf = (headers: Headers) => (headers.get('set-cookie') ?? '').split(';')[0] ?? '';

/**
 * Sets up the authenticator and signs in with its first code; returns the setup, the session and
 * the device cookie that browser now holds.
 */
export async function setUpAndSignIn(running: RunningAdminAuth) {
  const setup = await beginSetup(running.url);
  const response = await login(running.url, oathCode(setup.secret, running.clock.now()));
  if (response.status !== 200) throw new Error(`first sign-in answered ${response.status}`);
  return { setup, sessionId: String(response.body?.sessionId), deviceCookie: cookieOf(response.headers) };
}
