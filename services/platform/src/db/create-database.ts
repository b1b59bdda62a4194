import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { Knex } from 'knex';
import type { Logger } from '../logging/logger';
import type { Database } from './database';

/** Pass as `dataDir` for a throwaway in-memory PGlite (tests). */
export const IN_MEMORY = 'memory://';

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the database is an embedded PGlite. */
  url?: string;
  /** Where PGlite keeps its files (`${dataDir}/pg`), or `memory://`. Ignored when `url` is set. */
  dataDir?: string;
  /**
   * An open PGlite to run on instead of one at `dataDir`; `closeDatabase` closes it. Tests hand a
   * wiped in-memory instance on to the next test (tests/support/test-pglite.ts).
   */
  pglite?: PGlite;
  logger?: Logger;
}

/**
 * Opens the database a service runs on: PostgreSQL when a URL is given, otherwise PGlite.
 * PGlite has exactly one connection, so a query on `db` inside `db.transaction(trx => …)` waits
 * for the connection the transaction holds — forever. Always query through `trx` there.
 * `count(*)` comes back as a string from `pg` and a number from PGlite: cast it (`count(*)::int`).
 */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  const { url, dataDir = './.data', pglite, logger } = options;
  const log = logger && knexLog(logger);
  // Loaded here, not at start-up: the gateway bundles this file but opens no database, and a
  // process on PostgreSQL never needs PGlite (docs/benchmarks.md, Issue 16).
  const { default: knex } = await import('knex');
  const db = url
    ? knex({ client: 'pg', connection: url, pool: { min: 0, max: 10 }, log })
    : knex({
        client: (await import('knex-pglite')).default,
        connection: pglite ? { pglite } : await pgliteConnection(dataDir),
        log,
      });
  try {
    await db.raw('select 1');
  } catch (error) {
    await db.destroy();
    const where = url ? redactPassword(url) : pgliteLocation(dataDir);
    throw new Error(`Cannot open the database at ${where}: ${(error as Error).message}`, { cause: error });
  }
  logger?.info(
    { database: url ? redactPassword(url) : pgliteLocation(dataDir) },
    url ? 'connected to PostgreSQL' : 'opened embedded PGlite database',
  );
  return db;
}

/** A dump of a freshly initialised in-memory cluster, to give `openInMemoryPglite`. */
export async function dumpFreshCluster(): Promise<Blob> {
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = new PGlite(IN_MEMORY, PGLITE_SETTINGS);
  try {
    // A dump asked for before initdb has finished never arrives.
    await pglite.waitReady;
    // Uncompressed: gzip (40 MB down to 4.5) makes each load about half again as slow.
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
}

/** True when the database answers a trivial query within `timeoutMs`. */
export async function databaseIsReady(db: Database, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  const answered = db.raw('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/** Closes the pool; for PGlite this also flushes and closes the data directory. */
export async function closeDatabase(db: Database): Promise<void> {
  await db.destroy();
}

/**
 * PostgreSQL's default 128 MB of shared buffers is resident WebAssembly memory in PGlite, which
 * serves one process's small tables: 16 MB cut an opened database from 292 to 184 MB RSS.
 */
const PGLITE_SETTINGS = { postgresqlconf: ['shared_buffers = 16MB', 'wal_buffers = 1MB', 'work_mem = 1MB'] };

/** knex-pglite takes the PGlite instance as `connection.pglite`, which knex's own types do not name. */
type PgliteConnection = Knex.PgConnectionConfig & { pglite: PGlite };

/**
 * A new in-memory PGlite, from a dump of a fresh data directory (`dumpFreshCluster`) when one is
 * given: initdb is most of an in-memory database's start (6 s of WebAssembly on a busy two-core
 * machine, where loading the dump takes under one), and the component tests open many.
 */
export async function openInMemoryPglite(freshCluster?: Blob): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return freshCluster
    ? new PGlite({ ...PGLITE_SETTINGS, dataDir: IN_MEMORY, loadDataDir: freshCluster })
    : new PGlite(IN_MEMORY, PGLITE_SETTINGS);
}

async function pgliteConnection(dataDir: string): Promise<PgliteConnection> {
  if (dataDir === IN_MEMORY) return { pglite: await openInMemoryPglite() };
  const { PGlite } = await import('@electric-sql/pglite');
  const directory = pgliteLocation(dataDir);
  await mkdir(directory, { recursive: true });
  if (!existsSync(path.join(directory, 'PG_VERSION'))) {
    await initialiseDataDirectory(directory);
  }
  return { pglite: new PGlite(directory, PGLITE_SETTINGS) };
}

/**
 * A new data directory is created by initdb, whose WebAssembly memory (~740 MB RSS) stays resident
 * for the life of that PGlite instance, and after `close()` until V8 happens to collect it — an
 * idle product measured 677 MB after its first start. In a worker thread of its own that memory
 * goes back to the system the moment the worker ends, and the instance we keep starts as it would
 * on any later day.
 */
async function initialiseDataDirectory(directory: string): Promise<void> {
  const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const { PGlite } = require(workerData.pglite);
     PGlite.create(workerData.directory).then((db) => db.close());`,
    { eval: true, workerData: { pglite, directory } },
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the PGlite data directory failed (exit ${code})`)),
    );
  });
}

function pgliteLocation(dataDir: string): string {
  return dataDir === IN_MEMORY ? IN_MEMORY : path.resolve(dataDir, 'pg');
}

function redactPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

function knexLog(logger: Logger) {
  return {
    warn: (message: unknown) => logger.warn({ source: 'knex' }, String(message)),
    error: (message: unknown) => logger.error({ source: 'knex' }, String(message)),
    deprecate: (method: string, alternative: string) =>
      logger.warn({ source: 'knex' }, `${method} is deprecated; use ${alternative}`),
    debug: (message: unknown) => logger.debug({ source: 'knex', message }, 'knex debug'),
  };
}
