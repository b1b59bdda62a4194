import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import {
  closeDatabase,
  createDatabase,
  createLogger,
  databaseIsReady,
  migrate,
  type Database,
  type Migration,
} from '../src/index';

describe('PostgreSQL database', () => {
  let testDatabase: TestDatabase;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    first = await createDatabase({ url: testDatabase.url });
    second = await createDatabase({ url: testDatabase.url });
  });
  afterAll(async () => {
    await closeDatabase(first);
    await closeDatabase(second);
    await testDatabase.drop();
  });

  it('is ready', async () => {
    expect(await databaseIsReady(first)).toBe(true);
  });

  it('applies each migration exactly once when two instances migrate at the same moment', async () => {
    const runs = new Map<string, number>();
    const migrations: Migration[] = ['001', '002', '003'].map((step) => ({
      name: `${step}-step`,
      up: async (trx) => {
        runs.set(step, (runs.get(step) ?? 0) + 1);
        if (step === '001') await trx.schema.createTable('applications', (t) => t.text('step'));
        // Long enough that the two instances really overlap.
        await trx.raw('select pg_sleep(0.2)');
        await trx('applications').insert({ step });
      },
    }));

    await Promise.all([
      migrate(first, { table: 'race_migrations', migrations }),
      migrate(second, { table: 'race_migrations', migrations }),
    ]);

    expect(Object.fromEntries(runs)).toEqual({ '001': 1, '002': 1, '003': 1 });
    expect(await first('applications').orderBy('step').pluck('step')).toEqual(['001', '002', '003']);
    expect(await first('race_migrations').orderBy('name').pluck('name')).toEqual([
      '001-step',
      '002-step',
      '003-step',
    ]);
  });

  it('returns count(*) as a string unless cast, unlike PGlite', async () => {
    await first.schema.createTable('counted', (t) => t.integer('n'));
    await first('counted').insert([{ n: 1 }, { n: 2 }]);

    const raw = await first('counted').count('* as total').first();
    const cast = await first('counted').select(first.raw('count(*)::int as total')).first();

    expect(raw?.total).toBe('2');
    expect(cast?.total).toBe(2);
  });

  it('fails with the (password-free) address when the server cannot be reached', async () => {
    const logger = createLogger('database-test', 'silent');
    await expect(
      createDatabase({ url: 'postgres://postgres:secret@127.0.0.1:1/none', logger }),
    ).rejects.toThrow(/Cannot open the database at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/none/);
  });
});
