import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPTS_IDLE_NOTE } from '@palm/contracts';
import { closeDatabase, createDatabase, createLogger } from '@palm/platform';
import {
  palmPhotos,
  submitReading,
  TEST_OWNER_COOKIE,
  waitForReading,
} from '../../tests/support/palm-photos';
import { startEmbedded, type EmbeddedProduct } from '../src/embedded-app';
import { SERVICE_MODULES } from '@palm/catalogue/modules';

/** `npm start`'s composition, in-process on port 0: PGlite on disk, the in-process bus, disk blobs. */
let product: EmbeddedProduct | undefined;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'embedded-test-'));
  product = await startEmbedded({
    logger: createLogger('embedded-test', 'silent'),
    env: {
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      ADMIN_BACKUP_CODES: 'K7QM2XPA,R4TW9NHC',
    },
    port: 0,
    opsPort: 0,
    host: '127.0.0.1',
  });
});

afterAll(async () => {
  await product?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('embedded mode', () => {
  it('is ready with its database, bus and blob store', async () => {
    const response = await fetch(`${product!.opsUrl}/readyz`);
    expect(await response.json()).toEqual({
      status: 'ready',
      checks: { database: true, bus: true, blobs: true },
    });
  });

  it('serves readiness and metrics on the operations port only, not to visitors', async () => {
    for (const endpoint of ['/readyz', '/metrics']) {
      const response = await fetch(`${product!.url}${endpoint}`);
      expect(response.status, endpoint).toBe(404);
      expect(response.headers.get('content-type'), endpoint).toContain('application/problem+json');
    }
    expect((await fetch(`${product!.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${product!.opsUrl}/healthz`)).status).toBe(200);
  });

  it('keeps the internal prompt endpoint closed: no token exists in one process', async () => {
    for (const headers of [{}, { 'x-internal-token': 'guessing-0123456789abcdef' }] as Record<
      string,
      string
    >[]) {
      const response = await fetch(`${product!.url}/api/prompts/runtime`, { headers });
      expect(response.status).toBe(403);
      expect(await response.text()).not.toMatch(/"content"/);
    }
  });

  it('serves the seeded default flow', async () => {
    const flow = (await (await fetch(`${product!.url}/api/flows/active`)).json()) as {
      questions: { type: string }[];
    };
    expect(flow.questions.map((question) => question.type)).toContain('hand_image_upload');
  });

  it('turns a real palm photo into a complete five-area reading', async () => {
    const photo = await readFile(palmPhotos()[0]!);
    const response = await submitReading(product!.url, photo, { fields: { focusAreas: '["spiritual"]' } });
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    const view = await waitForReading(product!.url, id, 2_000);
    expect(view.status).toBe('completed');
    // The five life areas, and the Timeline after them when the photo's lines were traced well.
    expect(view.reading!.sections.filter((section) => section.area !== 'timeline')).toHaveLength(5);
    expect(view.reading!.sections[0]!.area).toBe('spiritual');
    const image = await fetch(`${product!.url}${view.palmUrl}`, { headers: { Cookie: TEST_OWNER_COOKIE } });
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it('sends the reading JSON compressed to a browser that accepts it, and plain to one that does not', async () => {
    const response = await submitReading(product!.url, await readFile(palmPhotos()[0]!));
    const { id } = (await response.json()) as { id: string };
    const ask = (encoding: string) =>
      fetch(`${product!.url}/api/reading/${id}`, {
        headers: { Cookie: TEST_OWNER_COOKIE, 'Accept-Encoding': encoding },
      });
    const plain = await ask('identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(2_000);
    for (const encoding of ['gzip', 'br']) {
      const compressed = await ask(encoding);
      expect(compressed.headers.get('content-encoding'), encoding).toBe(encoding);
      expect(compressed.headers.get('vary')).toMatch(/Accept-Encoding/i);
      // fetch decodes the body: the same reading arrives.
      expect(await compressed.text()).toBe(text);
    }
  });

  it('exposes the pipeline metrics', async () => {
    const metrics = await (await fetch(`${product!.opsUrl}/metrics`)).text();
    for (const series of [
      'http_request_duration_seconds',
      'readings_by_status',
      'reading_engine_stage_seconds',
      'bus_messages_total',
      'bus_queue_depth',
      'bus_dead_letters',
      'reading_outbox_backlog',
    ]) {
      expect(metrics).toContain(series);
    }
  });

  it('runs a prompt test on a photo for a signed-in operator, storing nothing', async () => {
    const photo = await readFile(palmPhotos()[1]!);
    const form = (promptId: string) => {
      const body = new FormData();
      body.append('palmImage', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'palm.jpg');
      body.append('promptId', promptId);
      return body;
    };
    const testRun = `${product!.url}/api/admin/prompts/test-run`;
    expect((await fetch(testRun, { method: 'POST', body: form('main') })).status).toBe(401);

    const login = await fetch(`${product!.url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'K7QM2XPA' }),
    });
    const { sessionId } = (await login.json()) as { sessionId: string };
    const authorization = `Bearer ${sessionId}`;
    const before = await (await fetch(`${product!.opsUrl}/metrics`)).text();

    const response = await fetch(testRun, { method: 'POST', body: form('test'), headers: { authorization } });
    expect(response.status).toBe(200);
    const run = (await response.json()) as {
      promptId: string;
      engine: string;
      usesPrompts: boolean;
      result: { sections: unknown[] };
    };
    expect(run).toMatchObject({ promptId: 'test', usesPrompts: false, note: PROMPTS_IDLE_NOTE });

    // The Prompts screen asks which engine is active: the local one here, which uses no prompt.
    const engine = `${product!.url}/api/admin/prompts/engine`;
    expect((await fetch(engine)).status).toBe(401);
    const active = await fetch(engine, { headers: { authorization } });
    expect(active.status).toBe(200);
    expect(await active.json()).toEqual({
      engine: 'palm-local',
      kind: 'local',
      usesPrompts: false,
      note: PROMPTS_IDLE_NOTE,
    });
    expect(run.result.sections.length).toBeGreaterThanOrEqual(5);

    const wrong = await fetch(testRun, { method: 'POST', body: form('visual'), headers: { authorization } });
    expect(wrong.status).toBe(400);
    const after = await (await fetch(`${product!.opsUrl}/metrics`)).text();
    const completed = (metrics: string) =>
      /readings_by_status\{status="completed"\} (\d+)/.exec(metrics)?.[1];
    expect(completed(after)).toBe(completed(before));
  });

  // Last: it stops the product to open its database.
  it('ran every service module: each one’s migrations are applied in its database', async () => {
    await product!.stop();
    product = undefined;
    const db = await createDatabase({ dataDir });
    try {
      for (const { name, migrations } of SERVICE_MODULES) {
        const applied = await db(migrations.table).orderBy('name').pluck('name');
        expect(applied, name).toEqual(migrations.migrations.map((migration) => migration.name).sort());
      }
    } finally {
      await closeDatabase(db);
    }
  });
});
