import { readFile } from 'node:fs/promises';
import {
  createDatabase,
  IN_MEMORY,
  openInMemoryPglite,
  type Database,
  type DatabaseOptions,
} from '@palm/platform';
import { inject } from 'vitest';

type PGlite = NonNullable<DatabaseOptions['pglite']>;

let freshCluster: Promise<Blob> | undefined;

/**
 * In-memory PGlite instances that closed test databases left behind, wiped, for the next test to
 * open: a new instance costs close to a second of CPU (WebAssembly, the cluster's files,
 * PostgreSQL's start), a wipe a few milliseconds, and the component tier opens one per test. The
 * files of a worker share this module (vitest.config.ts), and so the instances.
 */
const wiped: PGlite[] = [];
/** Enough for a test that holds two databases at once; each idle instance keeps its memory. */
const MAX_WIPED = 2;

/**
 * A new, empty in-memory PGlite, as `createDatabase({ dataDir: IN_MEMORY })` opens it: started from
 * the fresh cluster tests/support/pglite-global-setup.ts made instead of running initdb again, or
 * an instance an earlier test closed, with everything that test made dropped.
 */
export async function createTestPglite(): Promise<Database> {
  const pglite = wiped.pop() ?? (await openFromFreshCluster());
  return createDatabase({ dataDir: IN_MEMORY, pglite: returnedOnClose(pglite) });
}

async function openFromFreshCluster(): Promise<PGlite> {
  freshCluster ??= readFile(inject('freshPgliteCluster')).then((bytes) => new Blob([bytes]));
  return openInMemoryPglite(await freshCluster);
}

/** The instance, except that closing it wipes it and keeps it for the next test. */
function returnedOnClose(pglite: PGlite): PGlite {
  return new Proxy(pglite, {
    get(target, key) {
      if (key === 'close') return () => wipeAndKeep(target);
      // PGlite's methods reach private fields: they must run on the instance, not on the proxy.
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * Back to a fresh cluster's state as far as a test can tell: no transaction, no session settings,
 * prepared statements or temporary tables, and an empty `public` schema (every service's tables and
 * its migrations' bookkeeping live there). An instance that cannot be wiped is closed.
 */
async function wipeAndKeep(pglite: PGlite): Promise<void> {
  if (wiped.length >= MAX_WIPED) return pglite.close();
  try {
    if (pglite.closed) return;
    await pglite.exec('ROLLBACK');
    await pglite.exec('DISCARD ALL');
    await pglite.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    wiped.push(pglite);
  } catch {
    await pglite.close().catch(() => undefined);
  }
}
