import type { Client } from 'minio';
import { assertValidBlobKey } from './blob-key';
import type { BlobStore } from './blob-store';

export interface S3BlobStoreOptions {
  /** e.g. `http://minio:9000`. */
  endpoint: string;
  accessKey: string;
  secretKey: string;
  bucket: string;
  region: string;
}

const MISSING_OBJECT_CODES = new Set(['NoSuchKey', 'NotFound']);
const BUCKET_CREATED_ELSEWHERE_CODES = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);

/** Blobs in one S3 bucket (MinIO in production, s3rver in tests); creates the bucket when it is missing. */
export async function createS3BlobStore(options: S3BlobStoreOptions): Promise<BlobStore> {
  const { endpoint, accessKey, secretKey, bucket, region } = options;
  const url = new URL(endpoint);
  // Loaded only where S3 is used: the minio client costs ~20 MB of heap in every process that
  // imports it, and most processes (and the embedded product) never store a blob in S3.
  const minio = await import('minio');
  const client = new minio.Client({
    endPoint: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    useSSL: url.protocol === 'https:',
    accessKey,
    secretKey,
    // Without a region the client asks the server for it before signing anything.
    region,
    pathStyle: true,
  });

  await ensureBucket(client, bucket, region).catch((error: unknown) => {
    throw new Error(`Cannot use S3 bucket "${bucket}" at ${endpoint}: ${(error as Error).message}`, {
      cause: error,
    });
  });

  return {
    async put(key, data, contentType) {
      assertValidBlobKey(key);
      await client.putObject(bucket, key, data, data.length, { 'Content-Type': contentType });
    },

    async get(key) {
      assertValidBlobKey(key);
      try {
        const stat = await client.statObject(bucket, key);
        const stream = await client.getObject(bucket, key);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        const contentType =
          (stat.metaData['content-type'] as string | undefined) ?? 'application/octet-stream';
        return { data: Buffer.concat(chunks), contentType };
      } catch (error) {
        if (MISSING_OBJECT_CODES.has(errorCode(error))) return null;
        throw error;
      }
    },

    async delete(key) {
      assertValidBlobKey(key);
      await client.removeObject(bucket, key);
    },

    async isReady() {
      try {
        return await client.bucketExists(bucket);
      } catch {
        return false;
      }
    },
  };
}

async function ensureBucket(client: Client, bucket: string, region: string): Promise<void> {
  if (await client.bucketExists(bucket)) return;
  try {
    await client.makeBucket(bucket, region);
  } catch (error) {
    // Another replica starting at the same moment may have won the race.
    if (!BUCKET_CREATED_ELSEWHERE_CODES.has(errorCode(error))) throw error;
  }
}

function errorCode(error: unknown): string {
  return (error as { code?: string } | null)?.code ?? '';
}
