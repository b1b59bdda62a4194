import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFE_AREAS, type ReadingResult, type ReadingView } from '@palm/contracts';
import { createLogger } from '@palm/platform';
import { startEmbedded, type EmbeddedProduct } from '@palm/gateway';
import { startOpenAIStub, type OpenAIStub } from './support/openai-stub';
import { hostileVisualAnalysis } from './support/hostile-model-output';
import { palmPhotos, submitReading, TEST_OWNER_COOKIE, TEST_OWNER_TOKEN } from './support/palm-photos';
import { createTestDatabase, type TestDatabase } from './support/test-database';

/** Issue #27 §7: what got through the regex sanitiser, and what it must never let through. */
const JS_COLON_LINK = '<a href="javascript&colon;alert(1)">Open the secret</a>';
const JS_TAB_LINK = '<a href="jav&Tab;ascript:alert(1)">Tap here</a>';
const EXTERNAL_LINK = '<a href="https://evil.example/phish">Visit your guide</a>';
const SAME_ORIGIN_IMAGE = '<img src="/api/reading/aaaaaaaaaaaaaaaaaaaaaa/image">';
const ONERROR = '<img src=x onerror="alert(1)">';
const SCRIPT = '<svg><script>alert(1)</script></svg><iframe src="javascript:alert(1)"></iframe>';
const STYLED = '<span style="background:url(javascript:alert(1))">Calm</span>';

/** Anything in the served or stored JSON that could link, load, run or carry a URL scheme. */
const ACTIVE =
  /<\s*(a|img|script|iframe|svg|span|object|embed|style)\b|href|src\s*=|\bon[a-z]+\s*=|style\s*=|javascript|vbscript|data:|evil\.example|\/api\/reading\//i;

function hostileSections() {
  return {
    sections: LIFE_AREAS.map((area) => ({
      area,
      title: `Stub ${area} reading ${SCRIPT}`,
      subtitle: `Hṛdaya Rekhā ${ONERROR}`,
      insights: [`${SAME_ORIGIN_IMAGE}A <strong>lasting</strong> bond`, `Follow this: ${JS_COLON_LINK}`],
      content: `<p>Your line is <em>long</em> & less than < more.</p>${SCRIPT}${STYLED}`,
      details: `Hṛdaya Rekhā ${JS_TAB_LINK} ${EXTERNAL_LINK} ${ONERROR}`,
      basis: [`${ONERROR}Heart line`],
    })),
  };
}

let stub: OpenAIStub;
let database: TestDatabase;
let db: Knex;
let dataDir: string;
let product: EmbeddedProduct;

beforeAll(async () => {
  stub = await startOpenAIStub();
  stub.reply((body) => ({
    text: JSON.stringify(
      body.text?.format?.name === 'palm_visual_analysis'
        ? hostileVisualAnalysis(SCRIPT, `${ONERROR}${EXTERNAL_LINK}`)
        : hostileSections(),
    ),
  }));
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 1 } });
  dataDir = await mkdtemp(path.join(tmpdir(), 'sanitising-test-'));
  product = await startEmbedded({
    logger: createLogger('sanitising-test', 'silent'),
    env: {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: stub.baseURL,
    },
    port: 0,
    opsPort: 0,
    host: '127.0.0.1',
  });
});

afterAll(async () => {
  await product?.stop();
  await db?.destroy();
  await database?.drop();
  await stub?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const storedResult = async (id: string): Promise<unknown> =>
  (await db<{ id: string; result: unknown }>('readings').where({ id }).first('result'))?.result;

const servedView = async (id: string): Promise<ReadingView> =>
  (await (
    await fetch(`${product.url}/api/reading/${id}`, { headers: { Cookie: TEST_OWNER_COOKIE } })
  ).json()) as ReadingView;

describe('model output on its way from the AI worker to the reading service', () => {
  it('is stored and served with no link, image, script, handler or URL scheme, and reads as written', async () => {
    const response = await submitReading(product.url, await readFile(palmPhotos()[0]!));
    expect(response.status).toBe(200);
    const { id } = (await response.json()) as { id: string };
    // The model's sections made the reading: the narrator did not fall back to local text.
    expect(stub.requests.map((request) => request.body.text?.format?.name)).toContain(
      'palm_reading_sections',
    );

    const stored = JSON.stringify(await storedResult(id));
    const view = await servedView(id);
    expect(view.status).toBe('completed');
    const served = JSON.stringify(view.reading);
    for (const json of [stored, served]) {
      expect(json).not.toMatch(ACTIVE);
      expect(json).toContain('A <strong>lasting</strong> bond');
      expect(json).toContain('Your line is <em>long</em> & less than < more.');
      expect(json).toContain('Follow this: Open the secret');
      expect(json).toContain('Tap here Visit your guide');
      expect(json).toContain('Hṛdaya Rekhā');
    }
    expect(view.reading!.sections[0]!.title).toBe('Stub love reading ');
  });

  it('serves a row stored before the allow-list as the allow-list leaves it', async () => {
    const id = randomBytes(16).toString('base64url').slice(0, 22);
    const legacy: ReadingResult = {
      sections: hostileSections().sections.map((section) => ({
        ...section,
        title: `${section.title} ${EXTERNAL_LINK}`,
      })),
      visual_markers: [
        {
          id: 'heart',
          label: `Heart ${ONERROR}`,
          description: JS_COLON_LINK,
          style: 'line',
          coordinates: { x: 40, y: 35 },
          explains: [SAME_ORIGIN_IMAGE],
        },
      ],
    };
    await db('readings').insert({
      id,
      status: 'completed',
      submission: JSON.stringify({}),
      result: JSON.stringify(legacy),
      completed_at: db.fn.now(),
      // The test browser owns it: a reading is private to its owner unless shared.
      owner_hash: createHash('sha256').update(TEST_OWNER_TOKEN).digest('hex'),
    });
    expect(JSON.stringify(await storedResult(id))).toMatch(ACTIVE);

    const view = await servedView(id);
    expect(view.status).toBe('completed');
    expect(JSON.stringify(view.reading)).not.toMatch(ACTIVE);
    expect(view.reading!.visual_markers[0]).toMatchObject({
      label: 'Heart ',
      description: 'Open the secret',
    });
  });
});
