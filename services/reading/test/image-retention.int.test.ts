import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe } from 'vitest';
import {
  closeDatabase,
  createDatabase,
  createDiskBlobStore,
  createLogger,
  createS3BlobStore,
  type BlobStore,
  type Database,
} from '@palm/platform';
import { integrationEnv } from '../../../tests/support/integration-env';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-database';
import { imageRetentionCases } from './image-retention.cases';

const logger = createLogger('image-retention-test', 'silent');

describe.each(['disk', 's3'] as const)('image retention sweep (PostgreSQL, %s blobs)', (store) => {
  let testDatabase: TestDatabase;
  let db: Database;
  let blobs: BlobStore;
  let blobDir: string | undefined;

  beforeEach(async () => {
    testDatabase = await createTestDatabase();
    db = await createDatabase({ url: testDatabase.url });
    if (store === 'disk') {
      blobDir = await mkdtemp(path.join(tmpdir(), 'retention-blobs-'));
      blobs = createDiskBlobStore(blobDir);
    } else {
      const { s3 } = integrationEnv();
      blobs = await createS3BlobStore({ ...s3, bucket: `retention-${randomBytes(4).toString('hex')}` });
    }
  });
  afterEach(async () => {
    await closeDatabase(db);
    await testDatabase.drop();
    if (blobDir) await rm(blobDir, { recursive: true, force: true });
  });

  imageRetentionCases(() => ({ db, blobs, logger }));
});
