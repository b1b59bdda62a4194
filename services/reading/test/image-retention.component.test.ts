import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe } from 'vitest';
import { closeDatabase, createDiskBlobStore, createLogger, type Database } from '@palm/platform';
import { imageRetentionCases } from './image-retention.cases';
import { createTestPglite } from '../../../tests/support/test-pglite';

describe('image retention sweep (PGlite, disk)', () => {
  let db: Database;
  let blobDir: string;
  const logger = createLogger('image-retention-test', 'silent');

  beforeEach(async () => {
    db = await createTestPglite();
    blobDir = await mkdtemp(path.join(tmpdir(), 'retention-blobs-'));
  });
  afterEach(async () => {
    await closeDatabase(db);
    await rm(blobDir, { recursive: true, force: true });
  });

  imageRetentionCases(() => ({ db, blobs: createDiskBlobStore(blobDir), logger }));
});
