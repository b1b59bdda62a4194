import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dumpFreshCluster } from '@palm/platform';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a dump of a fresh PGlite cluster (tests/support/test-pglite.ts loads it). */
    freshPgliteCluster: string;
  }
}

/** Runs PGlite's initdb once for the whole run instead of once per in-memory database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const directory = await mkdtemp(path.join(tmpdir(), 'palm-pglite-'));
  const file = path.join(directory, 'fresh-cluster.tar');
  await writeFile(file, Buffer.from(await (await dumpFreshCluster()).arrayBuffer()));
  project.provide('freshPgliteCluster', file);
  return () => rm(directory, { recursive: true, force: true });
}
