import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, closeDatabase, loadConfig, type Database } from '@palm/platform';
import { adminAuthModule } from '../src/admin-auth.module';
import { adminAuthConfigSchema } from '../src/config';
import { DATA_KEY_FILE, DataKeyMismatchError, embeddedDataKey } from '../src/data-key';
import { hashSecret, sha256 } from '../src/secrets';
import { createTotpSecret } from '../src/totp';
import { beginSetup, login, oathCode, startAdminAuth, TEST_DATA_KEY } from './admin-auth-harness';
import { createTestPglite } from '../../../tests/support/test-pglite';

/** Every text the two credential tables hold, row by row, column by column. */
async function storedText(db: Database): Promise<string> {
  const rows = [
    ...(await db('admin_authenticators').select('*')),
    ...(await db('admin_backup_codes').select('*')),
  ] as Record<string, unknown>[];
  return rows.flatMap((row) => Object.values(row).map(String)).join('\n');
}

describe('admin credentials at rest', () => {
  let db: Database;
  beforeEach(async () => {
    db = await createTestPglite();
  });
  afterEach(async () => {
    await closeDatabase(db);
  });

  it('never stores the authenticator secret or a backup code in plain text, pending or active', async () => {
    const running = await startAdminAuth({ db });
    try {
      const setup = await beginSetup(running.url);
      const pending = await storedText(db);
      expect(pending).not.toContain(setup.secret);
      for (const code of setup.backupCodes) expect(pending).not.toContain(code);
      expect((await db('admin_authenticators').first<{ secret: string }>('secret'))?.secret).toMatch(
        /^sealed:v1:/,
      );

      expect((await login(running.url, oathCode(setup.secret, running.clock.now()))).status).toBe(200);
      const active = await storedText(db);
      expect(active).not.toContain(setup.secret);
      for (const code of setup.backupCodes) expect(active).not.toContain(code);
      // The same setup is shown on a reload: the sealed values open again.
      expect((await login(running.url, setup.backupCodes[0] ?? '')).status).toBe(200);
    } finally {
      await running.close();
    }
  });

  it('seals a plain-text secret and pending codes left by an earlier version when it starts', async () => {
    const first = await startAdminAuth({ db });
    await first.close();
    const secret = createTotpSecret();
    const codes = ['ABCDEFGH', 'JKLMNPQR'];
    await db('admin_authenticators').insert({
      source: 'stored',
      secret,
      secret_fingerprint: sha256(secret),
      status: 'pending',
      created_at: new Date(),
      pending_backup_codes: codes.join(','),
    });
    await db('admin_backup_codes').insert(
      await Promise.all(
        codes.map(async (code) => ({
          source: 'stored',
          code_hash: await hashSecret(code),
          created_at: new Date(),
        })),
      ),
    );

    const upgraded = await startAdminAuth({ db });
    try {
      const text = await storedText(db);
      expect(text).not.toContain(secret);
      for (const code of codes) expect(text).not.toContain(code);
      const digests = await db('admin_backup_codes')
        .whereNull('code_digest')
        .count<{ count: number }[]>({ count: '*' });
      expect(Number(digests[0]?.count)).toBe(0);
      // The operator's half-finished setup still works: the same secret and codes.
      expect(await beginSetup(upgraded.url)).toMatchObject({ secret, backupCodes: codes });
      expect((await login(upgraded.url, oathCode(secret, upgraded.clock.now()))).status).toBe(200);
      expect((await login(upgraded.url, 'JKLMNPQR')).status).toBe(200);
    } finally {
      await upgraded.close();
    }
  });

  it('refuses to start with another data key, saying which setting, printing no secret', async () => {
    const running = await startAdminAuth({ db });
    const setup = await beginSetup(running.url);
    await running.close();

    const otherKey = Buffer.alloc(32, 9);
    const failure = await startAdminAuth({ db, dataKey: otherKey }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(DataKeyMismatchError);
    expect(failure).toBeInstanceOf(ConfigError);
    const message = (failure as Error).message;
    expect(message).toMatch(/ADMIN_DATA_KEY: does not decrypt the stored authenticator secret/);
    for (const secret of [
      setup.secret,
      ...setup.backupCodes,
      otherKey.toString('base64'),
      TEST_DATA_KEY.toString('base64'),
    ]) {
      expect(message).not.toContain(secret);
    }
    // With the right key back, all is as it was.
    const restored = await startAdminAuth({ db });
    try {
      expect((await login(restored.url, setup.backupCodes[0] ?? '')).status).toBe(200);
    } finally {
      await restored.close();
    }
  });
});

describe('a rotated data key', () => {
  it('keeps backup codes set by environment working, and used ones used', async () => {
    const db = await createTestPglite();
    const env = { ADMIN_BACKUP_CODES: 'ALPHA234,BRAVO567' };
    try {
      const before = await startAdminAuth({ db, env });
      expect((await login(before.url, 'ALPHA234')).status).toBe(200);
      await before.close();

      const after = await startAdminAuth({ db, env, dataKey: Buffer.alloc(32, 5) });
      try {
        expect((await login(after.url, 'ALPHA234')).status).toBe(401);
        expect((await login(after.url, 'BRAVO567')).status).toBe(200);
      } finally {
        await after.close();
      }
    } finally {
      await closeDatabase(db);
    }
  });
});

describe('the data key', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), 'admin-data-key-'));
  });
  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it('is made once in the embedded data folder, readable by its owner only, and kept', () => {
    const dataDir = path.join(directory, 'data');
    const key = embeddedDataKey(dataDir);
    const file = path.join(dataDir, DATA_KEY_FILE);
    expect(key).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(embeddedDataKey(dataDir).equals(key)).toBe(true);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64').equals(key)).toBe(true);
  });

  it('refuses a damaged key file without printing it', () => {
    const damaged = 'c2VjcmV0LWJ1dC10b28tc2hvcnQ=';
    writeFileSync(path.join(directory, DATA_KEY_FILE), damaged, { mode: 0o600 });
    expect(() => embeddedDataKey(directory)).toThrow(ConfigError);
    expect(() => embeddedDataKey(directory)).toThrow(/admin-data\.key: expected 32 random bytes in base64/);
    expect(() => embeddedDataKey(directory)).not.toThrow(damaged);
  });

  it('is required in distributed mode, named in the error', () => {
    const config = loadConfig(adminAuthConfigSchema, {});
    expect(() => adminAuthModule.checkStandalone?.(config)).toThrow(
      /ADMIN_DATA_KEY: required in distributed mode/,
    );
    const key = Buffer.alloc(32, 3).toString('base64');
    const withKey = loadConfig(adminAuthConfigSchema, { ADMIN_DATA_KEY: key });
    expect(() => adminAuthModule.checkStandalone?.(withKey)).not.toThrow();
    expect(() => loadConfig(adminAuthConfigSchema, { ADMIN_DATA_KEY: 'dG9vIHNob3J0' })).toThrow(
      /ADMIN_DATA_KEY: expected 32 random bytes in base64/,
    );
  });
});
