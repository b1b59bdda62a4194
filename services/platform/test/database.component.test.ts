import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  closeDatabase,
  createDatabase,
  databaseIsReady,
  IN_MEMORY,
  migrate,
  MigrationError,
  type Database,
  type Migration,
} from '../src/index';
import { createTestPglite } from '../../../tests/support/test-pglite';

const createNotes: Migration = {
  name: '001-create-notes',
  up: (db) => db.schema.createTable('notes', (t) => t.text('body').notNullable()),
};
const addAuthor: Migration = {
  name: '002-add-author',
  up: (db) => db.schema.alterTable('notes', (t) => t.text('author')),
};

describe('createDatabase on PGlite', () => {
  let db: Database;

  beforeEach(async () => {
    db = await createTestPglite();
  });
  afterEach(async () => {
    await closeDatabase(db);
  });

  it('answers queries and reports ready', async () => {
    const result = await db.raw<{ rows: { answer: number }[] }>('select 40 + 2 as answer');
    expect(result.rows[0]?.answer).toBe(42);
    expect(await databaseIsReady(db)).toBe(true);
  });

  it('runs initdb for a cluster of its own without a dump, the same cluster the tests load from one', async () => {
    const own = await createDatabase({ dataDir: IN_MEMORY });
    const shape = (database: Database) =>
      database.raw<{ rows: unknown[] }>(
        `select current_database() as name, current_user as owner, version() as version,
                current_setting('shared_buffers') as shared_buffers,
                (select count(*)::int from pg_class) as relations`,
      );
    try {
      expect((await shape(own)).rows).toEqual((await shape(db)).rows);
      await own.schema.createTable('notes', (t) => t.text('body'));
      await own('notes').insert({ body: 'only here' });
      expect(await db.schema.hasTable('notes')).toBe(false);
    } finally {
      await closeDatabase(own);
    }
  });

  it('reports not ready once closed', async () => {
    await closeDatabase(db);
    expect(await databaseIsReady(db)).toBe(false);
    db = await createTestPglite();
  });

  it('reports not ready when the only connection stays busy past the timeout', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const transaction = db.transaction(async () => {
      started();
      await held;
    });
    await inside;
    try {
      expect(await databaseIsReady(db, 200)).toBe(false);
    } finally {
      release();
      await transaction;
    }
    expect(await databaseIsReady(db)).toBe(true);
  });
});

describe('createDatabase persisting to disk', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'palm-db-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps data under dataDir/pg across restarts', async () => {
    const first = await createDatabase({ dataDir });
    await migrate(first, { table: 'test_migrations', migrations: [createNotes] });
    await first('notes').insert({ body: 'kept' });
    await closeDatabase(first);

    const second = await createDatabase({ dataDir });
    try {
      expect(await second('notes').pluck('body')).toEqual(['kept']);
    } finally {
      await closeDatabase(second);
    }
  });
});

describe('migrate', () => {
  let db: Database;

  beforeEach(async () => {
    db = await createTestPglite();
  });
  afterEach(async () => {
    await closeDatabase(db);
  });

  const recorded = (table: string) => db(table).orderBy('name').pluck('name');

  it('applies pending migrations in order and records each', async () => {
    await migrate(db, { table: 'test_migrations', migrations: [createNotes, addAuthor] });

    await db('notes').insert({ body: 'hello', author: 'me' });
    expect(await recorded('test_migrations')).toEqual(['001-create-notes', '002-add-author']);
    const rows: { applied_at: Date }[] = await db('test_migrations').select('applied_at');
    for (const row of rows) expect(row.applied_at).toBeInstanceOf(Date);
  });

  it('applies nothing twice when run again, and only the new ones later', async () => {
    let runs = 0;
    const counted: Migration = {
      name: '001-counted',
      up: () => {
        runs++;
        return Promise.resolve();
      },
    };

    await migrate(db, { table: 'test_migrations', migrations: [counted] });
    await migrate(db, { table: 'test_migrations', migrations: [counted] });
    expect(runs).toBe(1);

    await migrate(db, { table: 'test_migrations', migrations: [counted, createNotes] });
    expect(runs).toBe(1);
    expect(await recorded('test_migrations')).toEqual(['001-counted', '001-create-notes']);
  });

  it('rolls back a failing migration, keeps the earlier ones and names the culprit', async () => {
    const broken: Migration = {
      name: '002-broken',
      up: async (trx) => {
        await trx.schema.createTable('half_done', (t) => t.text('x'));
        await trx.raw('select * from no_such_table');
      },
    };

    const attempt = migrate(db, { table: 'test_migrations', migrations: [createNotes, broken, addAuthor] });

    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(attempt).rejects.toThrow(/Migration "002-broken" \(test_migrations\) failed.*no_such_table/);
    expect(await db.schema.hasTable('half_done')).toBe(false);
    expect(await db.schema.hasColumn('notes', 'author')).toBe(false);
    expect(await recorded('test_migrations')).toEqual(['001-create-notes']);
  });

  it('keeps each service in its own migrations table', async () => {
    await migrate(db, { table: 'first_migrations', migrations: [createNotes] });
    await migrate(db, { table: 'second_migrations', migrations: [{ ...createNotes, up: async () => {} }] });

    expect(await recorded('first_migrations')).toEqual(['001-create-notes']);
    expect(await recorded('second_migrations')).toEqual(['001-create-notes']);
  });

  it('refuses a list that names a migration twice', async () => {
    await expect(
      migrate(db, { table: 'test_migrations', migrations: [createNotes, createNotes] }),
    ).rejects.toThrow(/listed twice/);
  });

  it('serialises two migrate calls racing on the same connection', async () => {
    let runs = 0;
    const slow: Migration = {
      name: '001-slow',
      up: async (trx) => {
        runs++;
        await trx.raw('select pg_sleep(0.05)');
      },
    };

    await Promise.all([
      migrate(db, { table: 'test_migrations', migrations: [slow] }),
      migrate(db, { table: 'test_migrations', migrations: [slow] }),
    ]);
    expect(runs).toBe(1);
  });
});
