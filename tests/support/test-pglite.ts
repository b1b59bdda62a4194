import { readFile } from 'node:fs/promises';
import { createDatabase, IN_MEMORY, type Database } from '@palm/platform';
import { inject } from 'vitest';

let freshCluster: Promise<Blob> | undefined;

/**
 * A new, empty in-memory PGlite, as `createDatabase({ dataDir: IN_MEMORY })` opens it, started from
 * the fresh cluster tests/support/pglite-global-setup.ts made instead of running initdb again.
 */
export async function createTestPglite(): Promise<Database> {
  freshCluster ??= readFile(inject('freshPgliteCluster')).then((bytes) => new Blob([bytes]));
  return createDatabase({ dataDir: IN_MEMORY, freshCluster: await freshCluster });
}
