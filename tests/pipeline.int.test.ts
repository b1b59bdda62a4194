import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { connect } from 'amqplib';
import knex from 'knex';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAD_LETTER_QUEUE, EXCHANGE } from '@palm/contracts';
import { createS3BlobStore } from '@palm/platform';
import { integrationEnv } from './support/integration-env';
import {
  palmPhotos,
  PALMS_DIR,
  readPhoto,
  submitReading,
  TEST_OWNER_COOKIE,
  waitForReading,
} from './support/palm-photos';
import { startTestStack, type TestStack } from './support/test-stack';

const run = promisify(execFile);

/**
 * A broker, database or object store outage is shown by tests/faults.int.test.ts on servers of its
 * own; this file never restarts the machine's shared ones.
 *
 * The distributed mode as compose runs it: every service, the worker and the gateway in their own
 * processes, on real PostgreSQL, RabbitMQ and an S3 endpoint.
 */
let stack: TestStack;
let gateway: string;

beforeAll(async () => {
  stack = await startTestStack({ env: { READING_RATE_LIMIT_PER_MINUTE: '1000' } });
  gateway = stack.urls.gateway;
});

afterAll(() => stack?.stop());

const palms = palmPhotos();
const aPalm = () => readPhoto(palms.find((file) => file.includes('pos_21'))!);

async function deadLetterCount(): Promise<number> {
  const connection = await connect(stack.vhost.url);
  try {
    const channel = await connection.createChannel();
    return (await channel.checkQueue(DEAD_LETTER_QUEUE)).messageCount;
  } finally {
    await connection.close();
  }
}

async function workerJobs(readingIds: string[]) {
  const db = knex({ client: 'pg', connection: stack.database.url, pool: { min: 0, max: 1 } });
  try {
    return await db('ai_worker_jobs')
      .whereIn('reading_id', readingIds)
      .select<{ reading_id: string; status: string }[]>('reading_id', 'status');
  } finally {
    await db.destroy();
  }
}

describe('the reading pipeline, distributed', () => {
  it('turns a real palm photo into a complete reading through the gateway', async () => {
    const response = await submitReading(gateway, await aPalm(), {
      fields: { focusAreas: '["career","money"]' },
    });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const view = await waitForReading(gateway, id, 5_000);
    expect(view.status).toBe('completed');
    expect(view.reading!.sections.map((section) => section.area).sort()).toEqual(
      ['career', 'health', 'love', 'money', 'spiritual'].sort(),
    );
    const image = await fetch(`${gateway}${view.palmUrl}`, { headers: { Cookie: TEST_OWNER_COOKIE } });
    expect(image.status).toBe(200);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('serves a rotated phone photo upright, at most 1024 px, with no EXIF or GPS left', async () => {
    const original = await readPhoto(path.join(PALMS_DIR, 'palm/pos_14_nu_test.jpg'));
    const before = await sharp(original).metadata();
    expect(before.orientation).toBeGreaterThan(1);

    const { id } = (await (await submitReading(gateway, original)).json()) as { id: string };
    const view = await waitForReading(gateway, id);
    const served = Buffer.from(
      await (
        await fetch(`${gateway}${view.palmUrl}`, { headers: { Cookie: TEST_OWNER_COOKIE } })
      ).arrayBuffer(),
    );
    const after = await sharp(served).metadata();
    // EXIF orientation 6/8 means the stored pixels are turned a quarter: upright swaps the edges.
    const storedLandscape = before.width > before.height;
    expect(after.width > after.height).toBe(!storedLandscape);
    expect(Math.max(after.width, after.height)).toBeLessThanOrEqual(1024);
    expect(after.orientation ?? 1).toBe(1);

    const file = path.join(tmpdir(), `served-${id}.jpg`);
    await writeFile(file, served);
    const { stdout } = await run('exiftool', ['-j', '-a', '-G1', file]);
    const tags = Object.keys((JSON.parse(stdout) as Record<string, unknown>[])[0]!);
    expect(tags.filter((tag) => /^(EXIF|GPS|XMP|IPTC|MakerNotes)/.test(tag))).toEqual([]);
  });

  it('finishes every reading once when the worker is killed mid-job', async () => {
    const photo = await aPalm();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await submitReading(gateway, photo, { async: true });
      expect(response.status).toBe(202);
      ids.push(((await response.json()) as { id: string }).id);
    }
    await stack.kill('ai-worker', 'SIGKILL');
    await stack.start('ai-worker');

    const views = await Promise.all(ids.map((id) => waitForReading(gateway, id)));
    expect(views.map((view) => view.status)).toEqual(ids.map(() => 'completed'));
    const jobs = await workerJobs(ids);
    expect(jobs).toHaveLength(ids.length);
    expect(jobs.every((job) => job.status === 'done')).toBe(true);
  });

  it('dead-letters a poison message while other readings keep flowing', async () => {
    const before = await deadLetterCount();
    const connection = await connect(stack.vhost.url);
    const channel = await connection.createConfirmChannel();
    channel.publish(EXCHANGE, 'reading.requested', Buffer.from('{"version":1,"readingId":42}'), {
      persistent: true,
      messageId: 'poison-1',
      contentType: 'application/json',
      type: 'reading.requested',
    });
    await channel.waitForConfirms();
    await connection.close();

    const response = await submitReading(gateway, await aPalm());
    expect(response.status).toBe(200);
    await expect.poll(deadLetterCount, { timeout: 15_000 }).toBe(before + 1);
  });

  it('deletes a reading for its owner alone: S3 files, database rows and the worker’s outcome go, every URL answers 404', async () => {
    const { id } = (await (await submitReading(gateway, await aPalm())).json()) as { id: string };
    const owner = { Cookie: TEST_OWNER_COOKIE };
    // Everything a reading can leave behind: its photo, both PDFs, a card, a frame kept beside it.
    await fetch(`${gateway}/api/reading/${id}/sharing`, {
      method: 'PUT',
      headers: { ...owner, 'Content-Type': 'application/json' },
      body: JSON.stringify({ shared: true }),
    });
    for (const suffix of ['/pdf', '/card.png'])
      expect((await fetch(`${gateway}/api/reading/${id}${suffix}`, { headers: owner })).status).toBe(200);
    expect((await fetch(`${gateway}/api/reading/${id}/pdf`)).status).toBe(200);
    const s3 = await createS3BlobStore({ ...integrationEnv().s3, bucket: stack.bucket });
    await s3.put(`readings/${id}/frames/0.jpg`, Buffer.from('frame'), 'image/jpeg');
    // The stack's PUBLIC_URL is its gateway; PDFs are named by the origin their link points to.
    const originHash = createHash('sha256')
      .update(gateway.replace('127.0.0.1', 'localhost'))
      .digest('hex')
      .slice(0, 12);
    const keys = [
      'palm.jpg',
      `report-${originHash}.pdf`,
      `report-shared-${originHash}.pdf`,
      'card-outline.png',
      'frames/0.jpg',
    ].map((name) => `readings/${id}/${name}`);
    for (const key of keys) expect(await s3.get(key), key).not.toBeNull();
    expect(await workerJobs([id])).toHaveLength(1);

    const stranger = await fetch(`${gateway}/api/reading/${id}`, { method: 'DELETE' });
    expect(stranger.status).toBe(403);
    expect(((await stranger.json()) as { detail: string }).detail).toMatch(
      /Only the browser that made this reading/,
    );
    expect((await fetch(`${gateway}/api/reading/${id}`)).status).toBe(200);

    const deleted = await fetch(`${gateway}/api/reading/${id}`, { method: 'DELETE', headers: owner });
    expect(deleted.status).toBe(204);
    for (const key of keys) expect(await s3.get(key), key).toBeNull();
    for (const suffix of ['', '/image', '/pdf', '/card.png', '/page', '/sharing'])
      expect((await fetch(`${gateway}/api/reading/${id}${suffix}`, { headers: owner })).status, suffix).toBe(
        404,
      );
    expect((await fetch(`${gateway}/report/${id}`, { headers: owner })).status).toBe(404);
    expect((await fetch(`${gateway}/api/reading/${id}`, { method: 'DELETE', headers: owner })).status).toBe(
      404,
    );
    const db = knex({ client: 'pg', connection: stack.database.url, pool: { min: 0, max: 1 } });
    try {
      expect(await db('readings').where({ id }).first()).toBeUndefined();
      // Only the event telling the other services to forget it names it now.
      expect(
        await db('reading_outbox').whereRaw("payload->>'readingId' = ?", [id]).pluck('event_name'),
      ).toEqual(['reading.deleted']);
    } finally {
      await db.destroy();
    }
    await expect.poll(async () => (await workerJobs([id])).length, { timeout: 15_000 }).toBe(0);
  });
});
