import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase, metricsRegistry, type Database } from '@palm/platform';
import type { AdminSetupResponse } from '@palm/contracts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import {
  cookieOf,
  login,
  oathCode,
  setUpAndSignIn,
  startAdminAuth,
  type RunningAdminAuth,
} from './admin-auth-harness';

const UNKNOWN_DEVICE_FREE_FAILURES = 20;
const from = (ip: string, cookie?: string) => ({ 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) });

async function metricValue(name: string, labels: Record<string, string>): Promise<number> {
  const metric = (await metricsRegistry.getMetricsAsJSON()).find((entry) => entry.name === name);
  const value = metric?.values.find((entry) =>
    Object.entries(labels).every(([key, wanted]) => entry.labels[key] === wanted),
  );
  return value?.value ?? 0;
}

/** The same cookie with one character of its signature changed, and one with a changed spare bit only. */
function tampered(cookie: string): string[] {
  const middle = cookie.length - 10;
  const swap = (char: string | undefined, a: string, b: string) => (char === a ? b : a);
  return [
    `${cookie.slice(0, middle)}${swap(cookie[middle], 'x', 'y')}${cookie.slice(middle + 1)}`,
    // The last of 43 base64url characters carries 2 bits that decode to nothing.
    `${cookie.slice(0, -1)}${String.fromCharCode(cookie.charCodeAt(cookie.length - 1) ^ 1)}`,
  ];
}

// Real PostgreSQL with a pool: guesses from many addresses race for the shared budget for real.
describe('admin sign-in: device cookies and the unknown devices budget', () => {
  let database: TestDatabase;
  let db: Database;
  let running: RunningAdminAuth;
  let setup: AdminSetupResponse;
  let deviceCookie: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = await createDatabase({ url: database.url });
  });
  beforeEach(async () => {
    await db.raw('drop schema public cascade; create schema public');
    running = await startAdminAuth({ db });
    ({ setup, deviceCookie } = await setUpAndSignIn(running));
  });
  afterEach(async () => {
    await running.close();
  });
  afterAll(async () => {
    await closeDatabase(db);
    await database.drop();
  });

  it('gives the browser that signed in a long-lived HttpOnly, SameSite=Strict device cookie, Secure over https', async () => {
    expect(deviceCookie).toMatch(/^palm_admin_device=[A-Za-z0-9_-]{22}\.\d+\.[A-Za-z0-9_-]{43}$/);
    running.clock.advanceMinutes(1);
    const response = await login(running.url, oathCode(setup.secret, running.clock.now()), {
      'x-forwarded-proto': 'https',
      cookie: deviceCookie,
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Path=\/api\/admin/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)?.[1]);
    expect(maxAge).toBe(180 * 24 * 60 * 60);
    // The browser stays the same device: its id is kept when the cookie is renewed.
    expect(cookieOf(response.headers).split('.')[0]).toBe(deviceCookie.split('.')[0]);
  });

  it('lets no number of rotated addresses past the budget all unknown devices share', async () => {
    const throttledBefore = await metricValue('admin_login_throttled_total', { budget: 'unknown_devices' });
    const spikesBefore = await metricValue('admin_login_failure_spikes_total', { budget: 'unknown_devices' });
    const guesses = Array.from({ length: 200 }, (_unused, index) =>
      login(running.url, String(100_000 + index), from(`198.18.${Math.floor(index / 250)}.${index % 250}`)),
    );
    const responses = await Promise.all(guesses);
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(UNKNOWN_DEVICE_FREE_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(200 - UNKNOWN_DEVICE_FREE_FAILURES);
    const refused = responses.find((response) => response.status === 429);
    expect(refused?.body?.detail).toMatch(
      /^Too many failed sign-in attempts\. Please wait \d+ (second|minute)s? and try again\.$/,
    );
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);

    const [evaluated] = await db('admin_login_attempts')
      .where({ client: 'unknown-devices' })
      .count<{ count: string }[]>({ count: '*' });
    // The first sign-in (setup) was an unknown device too: it succeeded and spends nothing.
    expect(Number(evaluated?.count)).toBe(UNKNOWN_DEVICE_FREE_FAILURES + 1);
    expect(await metricValue('admin_login_throttled_total', { budget: 'unknown_devices' })).toBe(
      throttledBefore + 200 - UNKNOWN_DEVICE_FREE_FAILURES,
    );
    expect(await metricValue('admin_login_failure_spikes_total', { budget: 'unknown_devices' })).toBe(
      spikesBefore + 1,
    );
  });

  it('keeps signing the known browser in while unknown devices are blocked; a tampered cookie is an unknown device', async () => {
    for (let attempt = 0; attempt < UNKNOWN_DEVICE_FREE_FAILURES; attempt++) {
      expect((await login(running.url, '000000', from(`203.0.113.${attempt}`))).status).toBe(401);
    }
    const correctCode = setup.backupCodes[0] ?? '';
    expect((await login(running.url, correctCode, from('203.0.113.99'))).status).toBe(429);
    for (const cookie of tampered(deviceCookie)) {
      expect((await login(running.url, correctCode, from('203.0.113.99', cookie))).status).toBe(429);
    }
    const [name, value = ''] = deviceCookie.split('=');
    const [deviceId, issued] = value.split('.');
    expect(
      (await login(running.url, correctCode, from('203.0.113.99', `${name}=${deviceId}.${issued}`))).status,
    ).toBe(429);
    expect(
      (
        await login(
          running.url,
          correctCode,
          from('203.0.113.99', `${name}=${deviceId}.${Number(issued) + 1}.${value.split('.')[2]}`),
        )
      ).status,
    ).toBe(429);

    // The operator's own browser, from an address the attack used, signs in with either kind of code.
    expect((await login(running.url, correctCode, from('203.0.113.5', deviceCookie))).status).toBe(200);
    running.clock.advanceMinutes(1);
    const totp = oathCode(setup.secret, running.clock.now());
    expect((await login(running.url, totp, from('203.0.113.6', deviceCookie))).status).toBe(200);
  });

  it('gives a known browser a budget of its own, which failures elsewhere do not touch', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(running.url, '000000', from('192.0.2.1', deviceCookie))).status).toBe(401);
    }
    expect((await login(running.url, '000000', from('192.0.2.1', deviceCookie))).status).toBe(429);
    // Unknown devices still have their own budget left.
    expect((await login(running.url, setup.backupCodes[1] ?? '', from('192.0.2.2'))).status).toBe(200);
  });
});
