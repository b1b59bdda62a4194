import type { Knex } from 'knex';
import type { Logger } from '../logging/logger';
import type { Database, Migration } from './database';

export class MigrationError extends Error {
  override name = 'MigrationError';
}

export interface MigrateOptions {
  /** This service's own bookkeeping table, e.g. `reading_migrations`. */
  table: string;
  /** Applied in this order; a name, once applied, must never change. */
  migrations: Migration[];
  logger?: Logger;
}

/**
 * Brings the schema up to date. Each pending migration runs in its own transaction together with
 * the row that records it, so a failure leaves no half-applied migration and the earlier ones stay.
 * Every transaction first takes an advisory lock keyed by the table name: replicas starting at the
 * same moment take turns, and whoever comes second sees the migration recorded and skips it.
 */
export async function migrate(db: Database, options: MigrateOptions): Promise<void> {
  const { table, migrations, logger } = options;
  assertUniqueNames(table, migrations);

  await underLock(db, table, (trx) => ensureMigrationsTable(trx, table));
  const appliedBefore = await appliedNames(db, table);
  const unknown = [...appliedBefore].filter((name) => !migrations.some((m) => m.name === name));
  if (unknown.length > 0) {
    logger?.warn({ table, unknown }, 'the database has migrations this code does not know; is it older?');
  }

  for (const migration of migrations) {
    if (appliedBefore.has(migration.name)) continue;
    const applied = await underLock(db, table, async (trx) => {
      if ((await appliedNames(trx, table)).has(migration.name)) return false;
      await migration.up(trx);
      await trx(table).insert({ name: migration.name, applied_at: new Date() });
      return true;
    }).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      const message = `Migration "${migration.name}" (${table}) failed and was rolled back: ${reason}`;
      throw new MigrationError(message, { cause: error });
    });
    if (applied) logger?.info({ table, migration: migration.name }, 'applied migration');
  }
}

function underLock<T>(db: Database, table: string, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`migrate:${table}`]);
    return work(trx);
  });
}

async function ensureMigrationsTable(trx: Knex.Transaction, table: string): Promise<void> {
  if (await trx.schema.hasTable(table)) return;
  await trx.schema.createTable(table, (t) => {
    t.text('name').primary();
    t.timestamp('applied_at', { useTz: true }).notNullable();
  });
}

async function appliedNames(db: Knex, table: string): Promise<Set<string>> {
  const rows: { name: string }[] = await db(table).select('name');
  return new Set(rows.map((row) => row.name));
}

function assertUniqueNames(table: string, migrations: Migration[]): void {
  const seen = new Set<string>();
  for (const { name } of migrations) {
    if (seen.has(name)) throw new MigrationError(`Migration "${name}" is listed twice for ${table}`);
    seen.add(name);
  }
}
