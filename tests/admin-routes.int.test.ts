import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MODULES } from '@palm/catalogue/modules';
import {
  closeDatabase,
  createDatabase,
  createDiskBlobStore,
  createLogger,
  createMemoryBus,
  IN_MEMORY,
  loadConfig,
  localPeers,
  type Database,
} from '@palm/platform';
import type { StackProcessName } from '../scripts/distributed/process-stack';
import { concretePath, registeredRoutes, type RegisteredRoute } from './support/router-routes';
import { startTestStack, type TestStack } from './support/test-stack';

const run = promisify(execFile);
const PUBLIC_ADMIN_ROUTES = ['/api/admin/status', '/api/admin/setup', '/api/admin/login'];
const TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const BACKUP_CODES = ['K7QM2XPA', 'R4TW9NHC', 'B8YF3JDE', 'H2LS6VQU'];

/**
 * Every /api/admin/** route any service registers answers 401 without a valid session — no
 * session, an expired one, one that signed out — through the gateway and called directly.
 */
let stack: TestStack;
let sql: Knex;
let protectedRoutes: (RegisteredRoute & { service: StackProcessName })[];

async function routesOfEveryService(): Promise<(RegisteredRoute & { service: StackProcessName })[]> {
  // Every service module is built (not started) only to read the routes its routers register.
  const logger = createLogger('route-listing', 'silent');
  const db: Database = await createDatabase({ dataDir: IN_MEMORY });
  const bus = createMemoryBus({ logger });
  const blobs = createDiskBlobStore('/tmp/unused-blobs');
  const peers = localPeers();
  peers.provide({ verifySession: () => Promise.resolve(false) });
  const routes = [];
  for (const module of SERVICE_MODULES) {
    const service = await module.create({
      config: loadConfig(module.configSchema, {}),
      deps: {},
      logger,
      db,
      bus: () => Promise.resolve(bus),
      blobs: () => Promise.resolve(blobs),
      peers: peers.peers,
    });
    routes.push(
      ...service.routers
        .flatMap((router) => registeredRoutes(router))
        .filter((route) => route.path.startsWith('/api/admin/') && !PUBLIC_ADMIN_ROUTES.includes(route.path))
        .map((route) => ({ ...route, service: module.name as StackProcessName })),
    );
  }
  await bus.close();
  await closeDatabase(db);
  return routes;
}

async function login(): Promise<string> {
  const code = BACKUP_CODES.shift()!;
  const response = await fetch(`${stack.urls.gateway}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: code }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

async function statusesWith(authorization: string | undefined, base: 'gateway' | 'direct') {
  return Promise.all(
    protectedRoutes.map(async (route) => {
      const url = `${base === 'gateway' ? stack.urls.gateway : stack.urls[route.service]}${concretePath(route.path)}`;
      const response = await fetch(url, {
        method: route.method,
        headers: { ...(authorization ? { authorization } : {}), 'content-type': 'application/json' },
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
      });
      return `${route.method} ${route.path} (${route.service}, ${base}) → ${response.status}`;
    }),
  );
}

const all401 = (lines: string[]) => lines.filter((line) => !line.endsWith('→ 401'));

beforeAll(async () => {
  protectedRoutes = await routesOfEveryService();
  stack = await startTestStack({
    env: { ADMIN_TOTP_SECRET: TOTP_SECRET, ADMIN_BACKUP_CODES: BACKUP_CODES.join(','), LOG_LEVEL: 'warn' },
  });
  sql = knex({ client: 'pg', connection: stack.database.url, pool: { min: 0, max: 1 } });
});

afterAll(async () => {
  await sql?.destroy();
  await stack?.stop();
});

describe('every admin route needs a session', () => {
  it('finds the admin routes of every service', () => {
    const services = new Set(protectedRoutes.map((route) => route.service));
    expect([...services].sort()).toEqual(['admin-auth', 'ai-worker', 'flow', 'prompt']);
    expect(protectedRoutes.length).toBeGreaterThanOrEqual(14);
  });

  it('a valid session opens them (the check is not simply closed)', async () => {
    const sessionId = await login();
    const response = await fetch(`${stack.urls.flow}/api/admin/flows`, {
      headers: { authorization: `Bearer ${sessionId}` },
    });
    expect(response.status).toBe(200);
  });

  it.each(['gateway', 'direct'] as const)('no session → 401 (%s)', async (base) => {
    expect(all401(await statusesWith(undefined, base))).toEqual([]);
    expect(all401(await statusesWith('Bearer not-a-session-id-at-all-0000000000', base))).toEqual([]);
  });

  it.each(['gateway', 'direct'] as const)('an expired session → 401 (%s)', async (base) => {
    const sessionId = await login();
    await sql('admin_sessions').update({
      last_seen_at: sql.raw("now() - interval '1 day'"),
      expires_at: sql.raw("now() - interval '1 hour'"),
    });
    expect(all401(await statusesWith(`Bearer ${sessionId}`, base))).toEqual([]);
  });

  it('a signed-out session → 401 everywhere, at once', async () => {
    const sessionId = await login();
    // Used on every service just before signing out: no service may still trust it afterwards.
    const warmUp: [StackProcessName, string][] = [
      ['flow', '/api/admin/flows'],
      ['prompt', '/api/admin/prompts'],
      ['admin-auth', '/api/admin/session'],
    ];
    for (const [service, path] of warmUp) {
      const response = await fetch(`${stack.urls[service]}${path}`, {
        headers: { authorization: `Bearer ${sessionId}` },
      });
      expect(response.status).toBeLessThan(300);
    }
    const logout = await fetch(`${stack.urls.gateway}/api/admin/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sessionId}` },
    });
    expect(logout.status).toBeLessThan(300);
    expect(all401(await statusesWith(`Bearer ${sessionId}`, 'gateway'))).toEqual([]);
    expect(all401(await statusesWith(`Bearer ${sessionId}`, 'direct'))).toEqual([]);
  });

  it('the TOTP secret in the environment signs in with a real authenticator code', async () => {
    const { stdout } = await run('oathtool', ['--totp', '-b', TOTP_SECRET]);
    const response = await fetch(`${stack.urls.gateway}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: stdout.trim() }),
    });
    expect(response.status).toBe(200);
  });
});
