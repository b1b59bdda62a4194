import path from 'node:path';
import type { InfrastructureConfig } from '../config/config';
import type { BlobStore } from './blob-store';
import { createDiskBlobStore } from './disk-blob-store';
import { createS3BlobStore } from './s3-blob-store';

/** S3 when `S3_ENDPOINT` is set (distributed mode), otherwise files under `${DATA_DIR}/blobs`. */
export async function createBlobStore(
  config: Pick<
    InfrastructureConfig,
    'S3_ENDPOINT' | 'S3_ACCESS_KEY' | 'S3_SECRET_KEY' | 'S3_BUCKET' | 'S3_REGION' | 'DATA_DIR' | 'LOG_LEVEL'
  >,
): Promise<BlobStore> {
  if (config.S3_ENDPOINT) {
    return createS3BlobStore({
      endpoint: config.S3_ENDPOINT,
      accessKey: config.S3_ACCESS_KEY,
      secretKey: config.S3_SECRET_KEY,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
    });
  }
  return createDiskBlobStore(path.join(config.DATA_DIR, 'blobs'));
}
