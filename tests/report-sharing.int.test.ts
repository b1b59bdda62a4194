import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_BRAND } from '@palm/contracts';
import {
  closeDatabase,
  createAmqpBus,
  createDatabase,
  createLogger,
  startService,
  createS3BlobStore,
  metricsRegistry,
  type BlobStore,
  type Database,
  type MessageBus,
  type StartedService,
} from '@palm/platform';
import { createGatewayApp } from '@palm/gateway';
import { readingModule } from '@palm/reading';
import { integrationEnv } from './support/integration-env';
import { startLocalSmtpServer, type LocalSmtpServer } from './support/local-smtp-server';
import { ANSWERS_SENTENCE, FULL_RESULT, samplePalmJpeg } from './support/sample-report';
import { createTestDatabase, type TestDatabase } from './support/test-database';
import { createTestVhost, type TestVhost } from './support/test-vhost';

const run = promisify(execFile);
const logger = createLogger('report-sharing-test', 'silent');
/** Seconds, not the production quarter of an hour: a refused mail is retried, then dead-lettered. */
const EMAIL_RETRY_POLICY = { maxAttempts: 5, baseDelayMs: 50, maxDelayMs: 500 };

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let database: TestDatabase;
let vhost: TestVhost;
let db: Database;
let bus: MessageBus;
let blobs: BlobStore;
let smtp: LocalSmtpServer;
let gateway: StartedService;
let webDist: string;
let palm: Buffer;

/** Makes a reading through the gateway as a browser would; returns its id and the owner cookie. */
async function makeReading(): Promise<{ id: string; cookie: string }> {
  const body = new FormData();
  body.append('palmImage', new Blob([new Uint8Array(palm)], { type: 'image/jpeg' }), 'palm.jpg');
  const response = await fetch(`${gateway.url}/api/reading`, { method: 'POST', body });
  expect(response.status).toBe(200);
  const { id } = (await response.json()) as { id: string };
  const setCookie = response.headers.get('set-cookie') ?? '';
  expect(setCookie).toMatch(/palm_owner=[A-Za-z0-9_-]{43}; .*HttpOnly/);
  return { id, cookie: setCookie.split(';')[0]! };
}

const get = (pathname: string, cookie?: string) =>
  fetch(`${gateway.url}${pathname}`, { headers: cookie ? { Cookie: cookie } : {} });

const emailRequest = (id: string, email: unknown, cookie?: string) =>
  fetch(`${gateway.url}/api/reading/${id}/email`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify({ email }),
  });

/** Email events the delivery worker has finished with (acked), as the bus counts them in this process. */
async function emailEventsHandled(): Promise<number> {
  const text = await metricsRegistry.getSingleMetricAsString('bus_messages_total');
  return Number(/queue="reading\.email-delivery",outcome="ack"\} (\d+)/.exec(text)?.[1] ?? 0);
}

const delivery = (id: string) =>
  db('reading_deliveries').where({ id }).first<{ status: string; attempts: number; email: string }>();

beforeAll(async () => {
  palm = await samplePalmJpeg();
  database = await createTestDatabase();
  vhost = await createTestVhost();
  db = await createDatabase({ url: database.url });
  bus = await createAmqpBus({ url: vhost.url, logger, retryPolicy: EMAIL_RETRY_POLICY });
  blobs = await createS3BlobStore({
    ...integrationEnv().s3,
    bucket: `share-${randomBytes(4).toString('hex')}`,
  });
  smtp = await startLocalSmtpServer();
  webDist = await mkdtemp(path.join(tmpdir(), 'share-web-'));
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Hastrekha</title></head><body><div id="root"></div></body></html>',
  );
  // The reading service behind the gateway's app, as the embedded product serves it.
  gateway = await startService(readingModule, {
    env: {
      READING_WAIT_MS: '20000',
      PUBLIC_URL: 'https://palm.example',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Hastrekha <readings@palm.example>',
      EMAIL_LIMIT_PER_READING_PER_HOUR: '3',
      EMAIL_LIMIT_PER_CLIENT_PER_HOUR: '50',
    },
    logger,
    db,
    bus,
    blobs,
    port: 0,
    host: '127.0.0.1',
    app: ({ routers, peers }) =>
      createGatewayApp({
        logger,
        api: routers,
        webDist,
        readingRateLimitPerMinute: 100,
        reportPage: peers.reportPage,
      }),
  });
  // Stands in for the AI worker: stores the prepared photo and answers with a full reading.
  await bus.consume('aiWorkerReadings', {
    'reading.requested': async ({ payload }) => {
      await blobs.put(payload.imageKey, palm, 'image/jpeg');
      await bus.publish('reading.completed', {
        version: 2,
        readingId: payload.readingId,
        result: FULL_RESULT,
        engine: 'stand-in',
        durationMs: 1,
        flowId: null,
        flowVersion: null,
      });
    },
  });
});

afterAll(async () => {
  await gateway?.stop();
  await bus?.close();
  await smtp?.close();
  if (db) await closeDatabase(db);
  await vhost?.drop();
  await database?.drop();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

describe('the reading as a PDF (PostgreSQL, RabbitMQ, S3)', () => {
  it('is an A4 PDF with the Devanagari brand, every section title and a page 1 that is not blank', async () => {
    const { id, cookie } = await makeReading();
    const response = await get(`/api/reading/${id}/pdf`, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="hastrekha-.*\.pdf"$/);
    const dir = await mkdtemp(path.join(tmpdir(), 'report-pdf-'));
    try {
      const file = path.join(dir, 'report.pdf');
      await writeFile(file, Buffer.from(await response.arrayBuffer()));
      const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
      expect(text).toContain(REPORT_BRAND.devanagari);
      for (const section of FULL_RESULT.sections) expect(text).toContain(section.title);
      expect(text).toContain('Basis:');
      expect(text).toContain('entertainment and self-reflection');
      const { stdout: info } = await run('pdfinfo', [file]);
      expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
      const { stdout: fonts } = await run('pdffonts', [file]);
      expect(fonts).toMatch(/NotoSansDevanagari/);
      expect(
        fonts
          .split('\n')
          .filter((line) => /Noto/.test(line))
          .every((line) => / yes yes /.test(line)),
      ).toBe(true);

      await run('pdftoppm', ['-png', '-r', '40', '-f', '1', '-l', '1', file, path.join(dir, 'page')]);
      const stats = await sharp(path.join(dir, 'page-1.png')).stats();
      // A blank page has every channel at 255 with no spread; the photo and text give plenty.
      expect(stats.channels[0]!.stdev).toBeGreaterThan(20);
      expect(stats.channels[0]!.min).toBeLessThan(80);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('share link and preview card', () => {
  it('serves a 1200×630 PNG card, kept in the blob store; the photo only when the owner opts in', async () => {
    const { id, cookie } = await makeReading();
    expect((await get(`/api/reading/${id}/card.png`)).status).toBe(404);
    const card = await get(`/api/reading/${id}/card.png`, cookie);
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(await blobs.get(`readings/${id}/card-outline.png`)).not.toBeNull();
    expect(await blobs.get(`readings/${id}/card-photo.png`)).toBeNull();

    const stranger = await fetch(`${gateway.url}/api/reading/${id}/sharing`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ shared: true, includePhoto: true }),
    });
    // Private: a stranger cannot even tell it exists.
    expect(stranger.status).toBe(404);

    const optIn = await fetch(`${gateway.url}/api/reading/${id}/sharing`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ shared: true, includePhoto: true }),
    });
    expect(await optIn.json()).toEqual({
      shared: true,
      includePhoto: true,
      owner: true,
      emailAvailable: true,
    });
    expect((await get(`/api/reading/${id}/card.png`)).status).toBe(200);
    expect(await blobs.get(`readings/${id}/card-photo.png`)).not.toBeNull();
  });

  it('is private until the owner shares it, and then shows others the palm reading without the answers', async () => {
    const { id, cookie } = await makeReading();
    const page = await get(`/report/${id}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('og:');
    for (const suffix of ['', '/image', '/pdf', '/card.png', '/page', '/sharing'])
      expect((await get(`/api/reading/${id}${suffix}`)).status, suffix).toBe(404);
    expect(JSON.stringify(await (await get(`/api/reading/${id}`, cookie)).json())).toContain(
      ANSWERS_SENTENCE,
    );

    await fetch(`${gateway.url}/api/reading/${id}/sharing`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ shared: true }),
    });
    const seen = JSON.stringify(await (await get(`/api/reading/${id}`)).json());
    expect(seen).toContain(FULL_RESULT.shared!.sections[0]!.insights[0]);
    expect(seen).not.toContain('married');
    expect(seen).not.toContain(FULL_RESULT.sections[0]!.insights[0]);
    const dir = await mkdtemp(path.join(tmpdir(), 'shared-pdf-'));
    try {
      const file = path.join(dir, 'shared.pdf');
      await writeFile(file, Buffer.from(await (await get(`/api/reading/${id}/pdf`)).arrayBuffer()));
      const { stdout: text } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
      expect(text).toContain('palm alone');
      expect(text).not.toMatch(/married/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // The stranger may not email it: the email is the owner's whole reading.
    expect((await emailRequest(id, 'someone@example.com')).status).toBe(403);
  });

  it('puts Open Graph and Twitter tags into /report/{id} while shared, and answers 404 to others after "Stop sharing"', async () => {
    const { id, cookie } = await makeReading();
    await fetch(`${gateway.url}/api/reading/${id}/sharing`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ shared: true }),
    });
    const page = await get(`/report/${id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(
      `<meta property="og:image" content="${gateway.url}/api/reading/${id}/card.png" />`,
    );
    expect(html).toContain(`<meta property="og:url" content="${gateway.url}/report/${id}" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toMatch(/<meta property="og:title" content="A palm reading from Hastrekha/);
    expect(html).toContain(
      `<meta property="og:description" content="${FULL_RESULT.shared!.sections[0]!.insights[0]}" />`,
    );
    expect(html).toContain('<div id="root">');

    const stranger = await get(`/api/reading/${id}/sharing`);
    expect(await stranger.json()).toMatchObject({ shared: true, owner: false });
    // Nothing "Stop sharing" revokes may stay in a recipient's or a proxy's cache.
    for (const suffix of ['', '/image', '/pdf', '/card.png']) {
      const shared = await get(`/api/reading/${id}${suffix}`);
      expect(shared.status, suffix).toBe(200);
      expect(shared.headers.get('cache-control'), suffix).toBe('no-store');
    }

    const stop = await fetch(`${gateway.url}/api/reading/${id}/sharing`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ shared: false }),
    });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toMatchObject({ shared: false, owner: true });

    const hidden = await get(`/report/${id}`);
    expect(hidden.status).toBe(404);
    const hiddenHtml = await hidden.text();
    expect(hiddenHtml).not.toContain('og:');
    expect(hiddenHtml).not.toContain('twitter:');
    for (const suffix of ['', '/image', '/pdf', '/card.png', '/page', '/sharing']) {
      expect((await get(`/api/reading/${id}${suffix}`)).status, suffix).toBe(404);
    }
    expect((await emailRequest(id, 'someone@example.com')).status).toBe(404);

    // The owner's browser still opens everything.
    const owned = await get(`/report/${id}`, cookie);
    expect(owned.status).toBe(200);
    for (const suffix of ['', '/image', '/pdf', '/card.png']) {
      expect((await get(`/api/reading/${id}${suffix}`, cookie)).status, suffix).toBe(200);
    }

    await fetch(`${gateway.url}/api/reading/${id}/sharing`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ shared: true }),
    });
    expect(await (await get(`/report/${id}`)).text()).toContain('og:image');
  });

  it('answers 404 without tags for a reading that does not exist', async () => {
    const page = await get(`/report/${'A'.repeat(22)}`);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('og:');
  });
});

describe('email delivery through the bus', () => {
  it('sends the summary, the link and the PDF to a real SMTP server, once, even when the event comes again', async () => {
    const { id, cookie } = await makeReading();
    const before = smtp.received.length;
    const response = await emailRequest(id, '  visitor@example.com ', cookie);
    expect(response.status).toBe(202);
    const { deliveryId } = (await response.json()) as { deliveryId: string };
    await waitFor(() => smtp.received.length === before + 1);
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toMatchObject({ text: 'visitor@example.com' });
    expect(mail.subject).toBe('Your palm reading from Hastrekha');
    // Branded, fit for a phone, and readable in a client that shows no HTML.
    expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(mail.html).toContain(REPORT_BRAND.tagline);
    expect(mail.html).toContain(`href="https://palm.example/report/${id}"`);
    expect(mail.text).toContain(
      `${REPORT_BRAND.name} (${REPORT_BRAND.devanagari}) — ${REPORT_BRAND.tagline}`,
    );
    expect(mail.text).toContain(`https://palm.example/report/${id}`);
    expect(mail.text).toContain(FULL_RESULT.sections[0]!.insights[0]);
    const [attachment] = mail.attachments;
    expect(attachment?.contentType).toBe('application/pdf');
    expect(attachment?.content.subarray(0, 5).toString()).toBe('%PDF-');
    await waitFor(async () => (await delivery(deliveryId))?.status === 'sent');

    // A redelivered event (same message id) finds the delivery sent and sends nothing.
    const handledBefore = await emailEventsHandled();
    await bus.publish(
      'reading.email.requested',
      { version: 1, deliveryId, readingId: id, requestedAt: new Date().toISOString() },
      { messageId: deliveryId },
    );
    await waitFor(async () => (await emailEventsHandled()) === handledBefore + 1);
    expect(smtp.received.length).toBe(before + 1);
    expect(await delivery(deliveryId)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('rejects a bad address with a clear message and stores nothing; limits emails per reading', async () => {
    const { id, cookie } = await makeReading();
    const bad = await emailRequest(id, 'not-an-address', cookie);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/valid email address/);
    expect((await emailRequest(id, undefined, cookie)).status).toBe(400);
    expect(
      await db('reading_deliveries').where({ reading_id: id }).count<{ count: string }[]>({ count: '*' }),
    ).toEqual([{ count: '0' }]);
    for (let index = 0; index < 3; index++)
      expect((await emailRequest(id, `a${index}@example.com`, cookie)).status).toBe(202);
    const limited = await emailRequest(id, 'a4@example.com', cookie);
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { detail: string }).detail).toMatch(/emailed several times/);
    // Let the three accepted mails go out before the next test counts mails.
    await waitFor(async () => {
      const statuses = await db('reading_deliveries').where({ reading_id: id }).pluck<string[]>('status');
      return statuses.length === 3 && statuses.every((status) => status === 'sent');
    });
  });

  it('retries a refusing SMTP server and delivers exactly one mail once it accepts', async () => {
    const { id, cookie } = await makeReading();
    const before = smtp.received.length;
    smtp.refuseNext = 2;
    const { deliveryId } = (await (await emailRequest(id, 'retry@example.com', cookie)).json()) as {
      deliveryId: string;
    };
    await waitFor(async () => (await delivery(deliveryId))?.status === 'sent');
    expect(smtp.refusals).toBeGreaterThanOrEqual(2);
    expect(
      smtp.received.filter((mail) => mail.subject && mail.to && JSON.stringify(mail.to).includes('retry@')),
    ).toHaveLength(1);
    expect(smtp.received.length).toBe(before + 1);
    expect(await delivery(deliveryId)).toMatchObject({ attempts: 3 });
    expect(await bus.deadLetterCount()).toBe(0);
  });

  it('dead-letters the event after the delivery limit when the server keeps refusing, and marks the delivery failed', async () => {
    const { id, cookie } = await makeReading();
    const before = smtp.received.length;
    const refusalsBefore = smtp.refusals;
    smtp.refuseNext = Infinity;
    try {
      const { deliveryId } = (await (await emailRequest(id, 'never@example.com', cookie)).json()) as {
        deliveryId: string;
      };
      await waitFor(async () => (await bus.deadLetterCount()) === 1);
      expect(smtp.refusals - refusalsBefore).toBe(EMAIL_RETRY_POLICY.maxAttempts);
      expect(await delivery(deliveryId)).toMatchObject({
        status: 'failed',
        attempts: EMAIL_RETRY_POLICY.maxAttempts,
      });
      expect(smtp.received.length).toBe(before);
    } finally {
      smtp.refuseNext = 0;
    }
  });
});
