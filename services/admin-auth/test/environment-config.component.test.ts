import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, loadConfig, type Database } from '@palm/platform';
import { adminAuthConfigSchema } from '../src/config';
import { beginSetup, call, login, oathCode, startAdminAuth, SETUP_TOKEN } from './admin-auth-harness';
import { createTestPglite } from '../../../tests/support/test-pglite';

const ENV_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const ENV_CODES = ['ALPHA234', 'BRAVO567', 'CHARLIE8'];
const environment = { ADMIN_TOTP_SECRET: ENV_SECRET, ADMIN_BACKUP_CODES: ENV_CODES.join(', ').toLowerCase() };

describe('admin sign-in configured by environment', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestPglite();
  });
  afterAll(async () => {
    await closeDatabase(db);
  });

  it('wins over a stored setup, and keeps used codes used across restarts', async () => {
    const stored = await startAdminAuth({ db });
    const setup = await beginSetup(stored.url);
    expect((await login(stored.url, setup.backupCodes[0] ?? '')).status).toBe(200);
    await stored.close();

    const configured = await startAdminAuth({ db, env: environment });
    try {
      expect((await call(configured.url, 'GET', '/api/admin/status')).body).toMatchObject({
        needsSetup: false,
      });
      expect((await call(configured.url, 'GET', `/api/admin/setup?setup=${SETUP_TOKEN}`)).status).toBe(404);
      expect((await login(configured.url, oathCode(setup.secret, configured.clock.now()))).status).toBe(401);
      expect((await login(configured.url, setup.backupCodes[1] ?? '')).status).toBe(401);
      expect((await login(configured.url, oathCode(ENV_SECRET, configured.clock.now()))).status).toBe(200);
      expect((await login(configured.url, 'ALPHA234')).status).toBe(200);
      expect((await login(configured.url, 'ALPHA234')).status).toBe(401);
    } finally {
      await configured.close();
    }

    const restarted = await startAdminAuth({ db, env: environment });
    try {
      expect((await login(restarted.url, 'ALPHA234')).status).toBe(401);
      expect((await login(restarted.url, 'BRAVO567')).status).toBe(200);
    } finally {
      await restarted.close();
    }

    const newCodes = await startAdminAuth({ db, env: { ...environment, ADMIN_BACKUP_CODES: 'DELTA234' } });
    try {
      // Another client: the earlier phases' failures from this one count towards its lockout.
      const otherClient = { 'x-forwarded-for': '198.51.100.9' };
      expect((await login(newCodes.url, 'CHARLIE8', otherClient)).status).toBe(401);
      expect((await login(newCodes.url, 'DELTA234', otherClient)).status).toBe(200);
    } finally {
      await newCodes.close();
    }
  });

  it('refuses settings that would weaken sign-in, naming the variable', () => {
    expect(() => loadConfig(adminAuthConfigSchema, { ADMIN_TOTP_SECRET: 'JBSWY3DP' })).toThrow(
      /ADMIN_TOTP_SECRET: expected a base32 secret of at least 26 characters/,
    );
    expect(() =>
      loadConfig(adminAuthConfigSchema, { ADMIN_TOTP_SECRET: 'not base32 at all 0189!!!!!!!!' }),
    ).toThrow(/ADMIN_TOTP_SECRET: expected a base32 secret/);
    expect(() => loadConfig(adminAuthConfigSchema, { ADMIN_BACKUP_CODES: 'ABCDEFGH,abc' })).toThrow(
      /ADMIN_BACKUP_CODES\.1: expected codes of 6-8 characters/,
    );
    const defaults = loadConfig(adminAuthConfigSchema, {});
    expect(defaults.PUBLIC_URL).toBeUndefined();
    expect(defaults).toMatchObject({
      ADMIN_SESSION_IDLE_MINUTES: 30,
      ADMIN_SESSION_MAX_HOURS: 12,
      ADMIN_LOGIN_CLIENT_MAX_FAILURES: 5,
      ADMIN_LOGIN_CLIENT_WINDOW_MINUTES: 15,
      ADMIN_LOGIN_DELAY_SECONDS: 30,
    });
  });
});
