import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, createDatabase, type Database } from '@palm/platform';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import type { AdminSetupResponse } from '@palm/contracts';
import { login, oathCode, setUpAndSignIn, startAdminAuth, type RunningAdminAuth } from './admin-auth-harness';

// PGlite has one connection and so serialises everything; only real PostgreSQL, with a pool,
// lets two sign-ins race for real.
describe('admin sign-in on PostgreSQL', () => {
  let database: TestDatabase;
  let db: Database;
  let running: RunningAdminAuth;
  let setup: AdminSetupResponse;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = await createDatabase({ url: database.url });
    running = await startAdminAuth({ db });
    ({ setup } = await setUpAndSignIn(running));
  });
  afterAll(async () => {
    await running.close();
    await closeDatabase(db);
    await database.drop();
  });

  it('gives exactly one success when every backup code is used by several clients at once', async () => {
    for (const code of setup.backupCodes.slice(0, 4)) {
      const responses = await Promise.all(
        [1, 2, 3].map((client) => login(running.url, code, { 'x-forwarded-for': `10.0.${client}.1` })),
      );
      expect(responses.map((response) => response.status).sort()).toEqual([200, 401, 401]);
    }
  });

  it('accepts one TOTP code once when it arrives twice at the same moment', async () => {
    // The next time step: newer than the one the first sign-in used, so only the race decides.
    const code = oathCode(setup.secret, new Date(Date.now() + 30_000));
    const statuses = (await Promise.all([login(running.url, code), login(running.url, code)])).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([200, 401]);
  });
});
