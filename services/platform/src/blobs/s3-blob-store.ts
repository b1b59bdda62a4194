import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import aws4 from 'aws4';
import { TransientFailure } from '../errors/failure-kind';
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

const BUCKET_CREATED_ELSEWHERE_CODES = new Set(['BucketAlreadyOwnedByYou', 'BucketAlreadyExists']);
/** A request that has not answered by then is treated as an outage (retried by the bus). */
const REQUEST_TIMEOUT_MS = 30_000;

interface S3Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** An S3 error answer: its HTTP status and the `<Code>` of its XML body. */
export class S3RequestError extends Error {
  override name = 'S3RequestError';
  constructor(
    readonly status: number,
    readonly code: string,
    operation: string,
  ) {
    super(`S3 ${operation} failed: ${status} ${code}`);
  }
}

/**
 * The S3 calls the product makes (put, get, delete, list a folder, and the bucket's existence), signed with
 * AWS Signature V4 over node's own HTTP client, path-style as MinIO and s3rver serve them. A full
 * S3 SDK (minio's client: ~20 MB resident per process) is far more than a blob store needs.
 */
function createS3Client({ endpoint, accessKey, secretKey, region }: S3BlobStoreOptions) {
  const url = new URL(endpoint);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const credentials = { accessKeyId: accessKey, secretAccessKey: secretKey };

  return (method: string, path: string, body?: Buffer, headers: Record<string, string> = {}) =>
    new Promise<S3Response>((resolve, reject) => {
      const signed = aws4.sign(
        { host: url.host, path, method, headers: { ...headers }, body, service: 's3', region },
        credentials,
      );
      const request = send(
        {
          protocol: url.protocol,
          hostname: url.hostname,
          port: url.port,
          method,
          path,
          headers: signed.headers as Record<string, string>,
          timeout: REQUEST_TIMEOUT_MS,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      request.on('timeout', () =>
        request.destroy(new TransientFailure(`S3 did not answer within ${REQUEST_TIMEOUT_MS} ms`)),
      );
      request.on('error', reject);
      request.end(body);
    });
}

const errorCode = (body: Buffer) =>
  /<Code>([^<]+)<\/Code>/.exec(body.toString('utf8'))?.[1] ?? 'UnknownError';

function assertOk(response: S3Response, operation: string): void {
  if (response.status >= 300) throw new S3RequestError(response.status, errorCode(response.body), operation);
}

/** Blobs in one S3 bucket (MinIO in production, s3rver in tests); creates the bucket when it is missing. */
export async function createS3BlobStore(options: S3BlobStoreOptions): Promise<BlobStore> {
  const { endpoint, bucket, region } = options;
  const s3 = createS3Client(options);
  const bucketPath = `/${encodeURIComponent(bucket)}`;
  // Valid keys hold only letters, digits, ".", "_", "-" and "/": nothing to escape.
  const objectPath = (key: string) => `${bucketPath}/${key}`;

  const bucketExists = async () => {
    const response = await s3('HEAD', bucketPath);
    if (response.status === 404) return false;
    assertOk(response, 'HeadBucket');
    return true;
  };

  const ensureBucket = async () => {
    if (await bucketExists()) return;
    // us-east-1 is S3's default location and must not be named.
    const configuration =
      region === 'us-east-1'
        ? undefined
        : Buffer.from(
            `<CreateBucketConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><LocationConstraint>${region}</LocationConstraint></CreateBucketConfiguration>`,
          );
    const response = await s3('PUT', bucketPath, configuration);
    // Another replica starting at the same moment may have won the race.
    if (response.status >= 300 && BUCKET_CREATED_ELSEWHERE_CODES.has(errorCode(response.body))) return;
    assertOk(response, 'CreateBucket');
  };

  await ensureBucket().catch((error: unknown) => {
    throw new Error(`Cannot use S3 bucket "${bucket}" at ${endpoint}: ${(error as Error).message}`, {
      cause: error,
    });
  });

  return {
    async put(key, data, contentType) {
      assertValidBlobKey(key);
      assertOk(await s3('PUT', objectPath(key), data, { 'Content-Type': contentType }), 'PutObject');
    },

    async get(key) {
      assertValidBlobKey(key);
      const response = await s3('GET', objectPath(key));
      if (response.status === 404) return null;
      assertOk(response, 'GetObject');
      return {
        data: response.body,
        contentType: response.headers['content-type'] ?? 'application/octet-stream',
      };
    },

    async delete(key) {
      assertValidBlobKey(key);
      const response = await s3('DELETE', objectPath(key));
      // S3 answers 204 for a missing key too; some servers answer 404.
      if (response.status !== 404) assertOk(response, 'DeleteObject');
    },

    async deleteFolder(folder) {
      assertValidBlobKey(folder);
      // The first page (≤ 1000 keys) is listed and deleted until none is left, so no continuation
      // token is needed (s3rver cannot make one on Node 22).
      for (;;) {
        const response = await s3('GET', `${bucketPath}?prefix=${encodeURIComponent(`${folder}/`)}`);
        assertOk(response, 'ListObjects');
        const keys = [...response.body.toString('utf8').matchAll(/<Key>([^<]+)<\/Key>/g)].map(
          (match) => match[1]!,
        );
        if (keys.length === 0) return;
        for (const key of keys) {
          const deleted = await s3('DELETE', objectPath(key));
          if (deleted.status !== 404) assertOk(deleted, 'DeleteObject');
        }
      }
    },

    async isReady() {
      return bucketExists().catch(() => false);
    },
  };
}
