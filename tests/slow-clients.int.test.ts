import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbedded, type EmbeddedProduct } from '@palm/gateway';
import { createLogger } from '@palm/platform';
import { PALMS_DIR } from './support/palm-photos';
import { palmForm, rawUpload, type RawUpload } from './support/raw-upload';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/**
 * Slow clients against `npm start`'s composition on real sockets and PostgreSQL: two visitors on
 * loopback, 127.0.0.1 trickling uploads a byte every 5 s, 127.0.0.2 uploading as a phone does.
 */
const ATTACKER = '127.0.0.1';
const VISITOR = '127.0.0.2';
const UPLOADS_PER_CLIENT = 4;

let product: EmbeddedProduct;
let database: TestDatabase;
let dataDir: string;
let form: { body: Buffer; contentType: string };

beforeAll(async () => {
  form = palmForm(await readFile(path.join(PALMS_DIR, 'palm/pos_21_05_Hand_0002764.jpg')));
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'slow-clients-'));
  product = await startEmbedded({
    logger: createLogger('slow-clients-test', 'silent'),
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      WEB_DIST: path.join(dataDir, 'no-web'),
      // Shorter than the defaults so the test sees the cuts in seconds; the rate is the default.
      UPLOAD_RATE_GRACE_MS: '1000',
      HEADERS_TIMEOUT_MS: '2000',
      UPLOADS_PER_CLIENT: String(UPLOADS_PER_CLIENT),
    },
    port: 0,
    opsPort: 0,
    host: '127.0.0.1',
  });
});

afterAll(async () => {
  await product?.stop();
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
});

/** A visitor's upload from VISITOR, answered 202 once intake has taken it; resolves with its duration. */
async function visitorUpload(): Promise<number> {
  const started = performance.now();
  const upload = rawUpload(product.url, {
    localAddress: VISITOR,
    form,
    headers: { Prefer: 'respond-async' },
  });
  await upload.closed;
  expect(upload.status(), upload.body()).toBe(202);
  return performance.now() - started;
}

/** An upload from ATTACKER that sends its head and a little of its body, then a byte every 5 s. */
function trickle(): RawUpload {
  const upload = rawUpload(product.url, { localAddress: ATTACKER, form, sendBytes: 200 });
  let sent = 200;
  const drip = setInterval(() => upload.socket.write(form.body.subarray(sent, ++sent)), 5_000);
  void upload.closed.then(() => clearInterval(drip));
  return upload;
}

describe('slow clients', () => {
  it('keeps a visitor’s upload on time while one address holds eight slow uploads, and cuts those', async () => {
    const usual = Math.max(await visitorUpload(), await visitorUpload(), await visitorUpload());

    const slow = Array.from({ length: 8 }, trickle);
    const refused = () => slow.filter((upload) => upload.status() === 429);
    await vi.waitFor(() => expect(refused()).toHaveLength(8 - UPLOADS_PER_CLIENT), { timeout: 10_000 });
    const problem = JSON.parse(refused()[0]!.body()) as { detail: string };
    expect(problem.detail).toMatch(/already sending several uploads at once/);
    expect(refused()[0]!.header('Retry-After')).toBe('5');

    const whileSlowOnesAreOpen = await visitorUpload();
    expect(slow.filter((upload) => upload.status() === undefined)).toHaveLength(UPLOADS_PER_CLIENT);
    expect(whileSlowOnesAreOpen).toBeLessThan(usual + 2_000);

    // The admitted ones are cut for their rate: a grace second and one judged 5 s window each.
    await Promise.all(slow.map((upload) => upload.closed));
    const cut = slow.filter((upload) => upload.status() !== 429);
    for (const upload of cut) {
      expect(upload.status()).toBe(408);
      expect(upload.body()).toMatch(/arriving too slowly/);
    }
  });

  it('closes a connection whose headers do not arrive within the headers deadline', async () => {
    const started = performance.now();
    const socket = connect({ host: '127.0.0.1', port: product.port, localAddress: ATTACKER });
    socket.on('error', () => undefined);
    socket.write('POST /api/reading HTTP/1.1\r\nHost: palm\r\n');
    const drip = setInterval(() => socket.write('X'), 500);
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(drip);
    expect(received).toMatch(/^HTTP\/1\.1 408/);
    expect(performance.now() - started).toBeLessThan(2_000 + 1_500);
  });
});
