import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3BlobStore } from '../src/index';

/**
 * s3rver does not check Signature V4 (the integration tests' S3), so the signing is checked here,
 * by a verifier written from the AWS documentation and proved on AWS's own worked example.
 */
interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** The signature a request should carry, recomputed from its method, path, signed headers and body. */
function expectedSignature(
  request: RecordedRequest,
  secretKey: string,
): { provided: string; expected: string } {
  const authorization = String(request.headers.authorization);
  const [, scope, signedHeaders, provided] =
    /^AWS4-HMAC-SHA256 Credential=[^/]+\/([^,]+), SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      authorization,
    ) ?? [];
  if (!scope || !signedHeaders || !provided) throw new Error(`not a Signature V4 header: ${authorization}`);
  const [date, region, service] = scope.split('/');
  const [pathname, query = ''] = request.path.split('?');
  const canonicalHeaders = signedHeaders
    .split(';')
    .map((name) => `${name}:${String(request.headers[name]).trim()}\n`)
    .join('');
  const canonicalRequest = [
    request.method,
    pathname,
    query,
    canonicalHeaders,
    signedHeaders,
    String(request.headers['x-amz-content-sha256']),
  ].join('\n');
  const stringToSign = [
    'AWS4-HMAC-SHA256',
    String(request.headers['x-amz-date']),
    scope,
    sha256(canonicalRequest),
  ].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretKey}`, date!), region!), service!), 'aws4_request');
  return { provided, expected: createHmac('sha256', signingKey).update(stringToSign).digest('hex') };
}

describe('S3 request signing (Signature V4)', () => {
  it("the verifier reproduces AWS's worked example (GET Object)", () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object".
    const emptyHash = sha256('');
    const example: RecordedRequest = {
      method: 'GET',
      path: '/test.txt',
      body: Buffer.alloc(0),
      headers: {
        host: 'examplebucket.s3.amazonaws.com',
        range: 'bytes=0-9',
        'x-amz-content-sha256': emptyHash,
        'x-amz-date': '20130524T000000Z',
        authorization:
          'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
          'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
          'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
      },
    };
    const { provided, expected } = expectedSignature(example, 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY');
    expect(expected).toBe(provided);
  });

  describe('the blob store', () => {
    const secretKey = 'a-secret-key';
    const requests: RecordedRequest[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        requests.push({
          method: req.method!,
          path: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks),
        });
        res.statusCode = req.method === 'GET' ? 404 : 200;
        res.end();
      });
    });
    let endpoint: string;

    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('signs every call it makes, path-style, with the hash of the body it sends', async () => {
      const store = await createS3BlobStore({
        endpoint,
        accessKey: 'an-access-key',
        secretKey,
        bucket: 'palms',
        region: 'eu-central-1',
      });
      const photo = Buffer.from('a photo of a palm');
      await store.put('readings/abc/palm.jpg', photo, 'image/jpeg');
      expect(await store.get('readings/abc/palm.jpg')).toBeNull();
      await store.delete('readings/abc/palm.jpg');

      expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
        'HEAD /palms',
        'PUT /palms/readings/abc/palm.jpg',
        'GET /palms/readings/abc/palm.jpg',
        'DELETE /palms/readings/abc/palm.jpg',
      ]);
      for (const request of requests) {
        expect(request.headers.authorization).toMatch(
          /Credential=an-access-key\/\d{8}\/eu-central-1\/s3\/aws4_request/,
        );
        expect(request.headers['x-amz-content-sha256']).toBe(sha256(request.body));
        const { provided, expected } = expectedSignature(request, secretKey);
        expect(provided).toBe(expected);
      }
      const put = requests[1]!;
      expect(put.body.equals(photo)).toBe(true);
      expect(put.headers['content-type']).toBe('image/jpeg');
      expect(put.headers.authorization).toContain('content-type');
    });
  });
});
