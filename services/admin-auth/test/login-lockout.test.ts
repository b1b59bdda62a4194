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

  it('locks a client out for 15 minutes after 5 failures, even for a correct code', async () => {
    const { setup } = await setUpAndSignIn(running);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login(running.url, '111111', from('203.0.113.7'))).status).toBe(401);
    }
    const locked = await login(running.url, setup.backupCodes[0] ?? '', from('203.0.113.7'));
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.body).toMatchObject({ status: 429, code: 'too_many_attempts' });
    expect(locked.body?.detail).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
    );

    // Another client is not locked out by this one.
    expect((await login(running.url, setup.backupCodes[1] ?? '', from('198.51.100.2'))).status).toBe(200);

    running.clock.advanceMinutes(10);
    const stillLocked = await login(running.url, setup.backupCodes[0] ?? '', from('203.0.113.7'));
    expect(stillLocked.status).toBe(429);
    expect(stillLocked.body?.detail).toMatch(/wait 5 minutes/);

    running.clock.advanceMinutes(5);
    expect((await login(running.url, setup.backupCodes[0] ?? '', from('203.0.113.7'))).status).toBe(200);
  });

  it('stops all sign-ins for the hour after 20 failures from anywhere', async () => {
    const { setup } = await setUpAndSignIn(running);
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await login(running.url, '222222', from(`192.0.2.${attempt}`))).status).toBe(401);
    }
    const locked = await login(running.url, setup.backupCodes[0] ?? '', from('192.0.2.200'));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(locked.body?.detail).toMatch(/wait 60 minutes/);

    running.clock.advanceMinutes(61);
    const code = oathCode(setup.secret, running.clock.now());
    expect((await login(running.url, code, from('192.0.2.200'))).status).toBe(200);
  });
});
