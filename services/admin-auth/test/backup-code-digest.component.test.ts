import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeDatabase, type Database } from '@palm/platform';
import type { AdminSetupResponse } from '@palm/contracts';
import type * as secrets from '../src/secrets';
import type * as harness from './admin-auth-harness';
import { createTestPglite } from '../../../tests/support/test-pglite';

// Counts the slow hashes a sign-in costs: each secretMatches is one scrypt on the shared thread pool.
const slowHashes = { count: 0 };
let login: typeof harness.login;
let setUpAndSignIn: typeof harness.setUpAndSignIn;
let startAdminAuth: typeof harness.startAdminAuth;

// The component tier shares one module graph between files (vitest.config.ts), so another file may
// have loaded the real secrets module already: replace it, then load the service afresh on top of it.
beforeAll(async () => {
  vi.doMock('../src/secrets', async (importOriginal) => {
    const original = await importOriginal<typeof secrets>();
    return {
      ...original,
      secretMatches: (plain: string, stored: string) => {
        slowHashes.count++;
        return original.secretMatches(plain, stored);
      },
    };
  });
  vi.resetModules();
  ({ login, setUpAndSignIn, startAdminAuth } = await import('./admin-auth-harness'));
});

// Files after this one in the same worker get the real module again.
afterAll(() => {
  vi.doUnmock('../src/secrets');
  vi.resetModules();
});

async function slowHashesOf(action: () => Promise<unknown>): Promise<number> {
  const before = slowHashes.count;
  await action();
  return slowHashes.count - before;
}

describe('backup-code guesses', () => {
  let db: Database;
  let running: harness.RunningAdminAuth;
  let setup: AdminSetupResponse;
  let deviceCookie: string;
  beforeEach(async () => {
    db = await createTestPglite();
    running = await startAdminAuth({ db });
    ({ setup, deviceCookie } = await setUpAndSignIn(running));
  });
  afterEach(async () => {
    await running.close();
    await closeDatabase(db);
  });

  it('cost at most one slow hash: none for a wrong code, one for a right one', async () => {
    const known = { cookie: deviceCookie };
    expect(await slowHashesOf(() => login(running.url, 'WRONG234', known))).toBe(0);
    expect(await slowHashesOf(() => login(running.url, setup.backupCodes[0] ?? '', known))).toBe(1);
    // Used: found by its digest no more.
    expect(await slowHashesOf(() => login(running.url, setup.backupCodes[0] ?? '', known))).toBe(0);
  });

  it('still find codes stored before digests, one slow hash at a time, until they are used', async () => {
    await db('admin_backup_codes').update({ code_digest: null });
    const restarted = await startAdminAuth({ db });
    try {
      const code = setup.backupCodes[3] ?? '';
      const hashes = await slowHashesOf(async () => {
        expect((await login(restarted.url, code, { cookie: deviceCookie })).status).toBe(200);
      });
      expect(hashes).toBeGreaterThanOrEqual(1);
      expect(hashes).toBeLessThanOrEqual(setup.backupCodes.length);
    } finally {
      await restarted.close();
    }
  });

  it('book, check and settle each guess in one write transaction', async () => {
    // In the embedded mode PGlite commits on the event loop every other request waits on: a guess
    // that wrote twice (booking, then settling) stalled public GETs under a burst (bench:admin-auth).
    const writes: (string | undefined)[] = [];
    const recordWrite = (query: { sql: string; __knexTxId?: string }) => {
      if (/^\s*(insert|update|delete)\b/i.test(query.sql)) writes.push(query.__knexTxId);
    };
    db.on('query', recordWrite);
    try {
      for (const token of ['WRONG234', '000000']) {
        writes.length = 0;
        expect((await login(running.url, token)).status).toBe(401);
        expect(writes.length).toBeGreaterThan(0);
        expect(writes.filter((transaction) => transaction === undefined)).toEqual([]);
        expect(new Set(writes).size).toBe(1);
      }
    } finally {
      db.off('query', recordWrite);
    }
  });
});
