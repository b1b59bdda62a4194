import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { login, oathCode, setUpAndSignIn, startAdminAuth, type RunningAdminAuth } from './admin-auth-harness';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('admin sign-in: brute-force limits', () => {
  let running: RunningAdminAuth;
  beforeEach(async () => {
    running = await startAdminAuth();
  });
  afterEach(async () => {
    await running.close();
  });

  it('makes a client wait longer after each failure beyond 5, even for a correct code', async () => {
    const { setup } = await setUpAndSignIn(running);
    const attacker = from('203.0.113.7');
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(running.url, '111111', attacker)).status).toBe(401);
    }
    const waits: number[] = [];
    for (let round = 0; round < 4; round++) {
      const throttled = await login(running.url, setup.backupCodes[0] ?? '', attacker);
      expect(throttled.status).toBe(429);
      expect(throttled.body).toMatchObject({ status: 429, code: 'too_many_attempts' });
      const wait = Number(throttled.headers.get('retry-after'));
      waits.push(wait);
      running.clock.advanceMinutes(wait / 60);
      expect((await login(running.url, '111111', attacker)).status).toBe(401);
    }
    // 30 s, then twice as long after each further failure.
    expect(waits.map((wait) => Math.round(wait / 30))).toEqual([1, 2, 4, 8]);
    const throttled = await login(running.url, '111111', attacker);
    expect(throttled.body?.detail).toMatch(/^Too many failed sign-in attempts\. Please wait 8 minutes/);

    // Another client is not throttled by this one.
    expect((await login(running.url, setup.backupCodes[1] ?? '', from('198.51.100.2'))).status).toBe(200);
  });

  it("never locks the operator's known browser out: failures from many addresses spend only the unknown devices' budget", async () => {
    const { setup, deviceCookie } = await setUpAndSignIn(running);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      statuses.push((await login(running.url, '222222', from(`192.0.2.${attempt}`))).status);
    }
    // 20 failures are free for all unknown devices together, then they wait, however many addresses they use.
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    // A correct code from a browser without a device cookie waits too...
    expect((await login(running.url, setup.backupCodes[0] ?? '', from('192.0.2.200'))).status).toBe(429);
    // ...but the operator's browser, from any address, signs in as always.
    const known = (ip: string) => ({ ...from(ip), cookie: deviceCookie });
    expect((await login(running.url, setup.backupCodes[0] ?? '', known('192.0.2.201'))).status).toBe(200);
    running.clock.advanceMinutes(1);
    const code = oathCode(setup.secret, running.clock.now());
    expect((await login(running.url, code, known('198.51.100.30'))).status).toBe(200);
  });

  it('takes the client from X-Forwarded-For only from a trusted proxy', async () => {
    const direct = await startAdminAuth({ trustProxy: false });
    try {
      const { setup } = await setUpAndSignIn(direct);
      // Each request claims another address, but without TRUST_PROXY they are all one client.
      for (let attempt = 0; attempt < 5; attempt++) {
        expect((await login(direct.url, '333333', from(`10.1.0.${attempt}`))).status).toBe(401);
      }
      expect((await login(direct.url, setup.backupCodes[0] ?? '', from('10.9.9.9'))).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});
