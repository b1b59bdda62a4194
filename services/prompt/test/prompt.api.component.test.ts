import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  PROMPT_MAX_CHARS,
  type EventName,
  type Problem,
  type Prompt,
  type PromptVersion,
  type RuntimePrompts,
} from '@palm/contracts';
import {
  closeDatabase,
  createLogger,
  createMemoryBus,
  migrate,
  startService,
  type Database,
  type MessageBus,
  type StartedService,
} from '@palm/platform';
import { PROMPT_MIGRATIONS_TABLE, promptMigrations } from '../src/prompt.migrations';
import { promptModule } from '../src/prompt.module';
import { createTestPglite } from '../../../tests/support/test-pglite';

const VALID_SESSION = 'valid-session-id-0123456789';
const INTERNAL_TOKEN = 'internal-token-for-tests-0123';
const logger = createLogger('prompt-test', 'silent');

let db: Database;
let bus: MessageBus;
let server: StartedService;
const published: { name: EventName; payload: unknown }[] = [];

beforeAll(async () => {
  db = await createTestPglite();
  const memoryBus = createMemoryBus({ logger });
  bus = {
    ...memoryBus,
    async publish(name, payload, options) {
      await memoryBus.publish(name, payload, options);
      published.push({ name, payload });
    },
  };
  server = await startService(promptModule, {
    env: { INTERNAL_TOKEN },
    logger,
    db,
    bus,
    port: 0,
    host: '127.0.0.1',
    peers: { verifySession: (id) => Promise.resolve(id === VALID_SESSION) },
  });
});

beforeEach(async () => {
  await db.raw(`drop table if exists prompt_versions, prompts, ${PROMPT_MIGRATIONS_TABLE} cascade`);
  await migrate(db, { table: PROMPT_MIGRATIONS_TABLE, migrations: promptMigrations });
  published.length = 0;
});

afterAll(async () => {
  await server.stop();
  await bus.close();
  await closeDatabase(db);
});

/** What the prompt calls answer, loosely: a prompt or a problem, by call. */
type ApiBody = Prompt & Problem;

async function call<T = ApiBody>(
  method: string,
  path: string,
  {
    body,
    session = VALID_SESSION,
    headers = {},
  }: { body?: unknown; session?: string | null; headers?: Record<string, string> } = {},
) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...headers,
      ...(session ? { authorization: `Bearer ${session}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

describe('prompt service', () => {
  it('seeds main, visual and test prompts with the spec fields and texts that steer the engine', async () => {
    const { status, body } = await call<Prompt[]>('GET', '/api/admin/prompts');
    expect(status).toBe(200);
    expect(body.map((p: { id: string }) => p.id)).toEqual(['main', 'visual', 'test']);
    for (const prompt of body) {
      expect(Object.keys(prompt).sort()).toEqual([
        'content',
        'description',
        'id',
        'isActive',
        'lastModified',
        'name',
      ]);
      expect(Number.isNaN(Date.parse(prompt.lastModified))).toBe(false);
    }
    const [main, visual, test] = body as [Prompt, Prompt, Prompt];
    expect(main).toMatchObject({ name: 'Main Palm Reading', isActive: true });
    expect(visual).toMatchObject({ name: 'Visual Analysis', isActive: true });
    expect(test).toMatchObject({ name: 'Test Prompt', isActive: false });
    for (const field of ['area', 'title', 'subtitle', 'insights', 'content', 'details', 'basis']) {
      expect(main.content).toContain(`"${field}"`);
    }
    for (const topic of [
      'death',
      'lifespan',
      'illness',
      'diagnosis',
      'pregnancy',
      'accidents',
      'criminality',
      'fixed fate',
    ]) {
      expect(main.content).toContain(topic);
    }
    expect(main.content).toContain('English');
    expect(visual.content).toContain('not seen');
    expect(visual.content).toContain('confidence');
  });

  it('saves content, keeps every version with its time and announces prompt.updated', async () => {
    const saved = await call('PUT', '/api/admin/prompts/main', { body: { content: 'Version two' } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ id: 'main', content: 'Version two' });
    await call('PUT', '/api/admin/prompts/main', { body: { content: 'Version three' } });

    const listed = (await call<Prompt[]>('GET', '/api/admin/prompts')).body;
    expect(listed[0]!.content).toBe('Version three');

    const versions = await call<PromptVersion[]>('GET', '/api/admin/prompts/main/versions');
    expect(versions.status).toBe(200);
    expect(versions.body.map((v: { content: string }) => v.content.slice(0, 13))).toEqual([
      'Version three',
      'Version two',
      'You are a war',
    ]);
    for (const version of versions.body) expect(Number.isNaN(Date.parse(version.savedAt))).toBe(false);
    // Numbered within the prompt, whatever the other prompts saved in between.
    expect(versions.body.map((version) => version.number)).toEqual([3, 2, 1]);
    const visual = await call<PromptVersion[]>('GET', '/api/admin/prompts/visual/versions');
    expect(visual.body.map((version) => version.number)).toEqual([1]);
    expect(visual.body[0]!.id).not.toBe(1);
    expect(published.map((event) => event.name)).toEqual(['prompt.updated', 'prompt.updated']);
    expect(published[0]!.payload).toMatchObject({ version: 1, promptId: 'main' });
  });

  it('restores a version by saving it again as the newest one', async () => {
    const seeded = (await call<PromptVersion[]>('GET', '/api/admin/prompts/visual/versions')).body[0]!;
    await call('PUT', '/api/admin/prompts/visual', { body: { content: 'A worse idea' } });
    const restored = await call('POST', `/api/admin/prompts/visual/versions/${seeded.id}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body.content).toBe(seeded.content);
    const versions = (await call<PromptVersion[]>('GET', '/api/admin/prompts/visual/versions')).body;
    expect(versions).toHaveLength(3);
    expect(versions[0]!.content).toBe(seeded.content);
    expect(published).toHaveLength(2);

    const otherPrompts = (await call<PromptVersion[]>('GET', '/api/admin/prompts/main/versions')).body;
    const foreign = await call('POST', `/api/admin/prompts/visual/versions/${otherPrompts[0]!.id}/restore`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('The requested prompt version could not be found.');
    const malformed = await call('POST', '/api/admin/prompts/visual/versions/latest/restore');
    expect(malformed.status).toBe(400);
  });

  it('refuses empty and oversized content with a clear message', async () => {
    for (const body of [{}, { content: '' }, { content: '  \n ' }, { content: 7 }]) {
      const response = await call('PUT', '/api/admin/prompts/main', { body });
      expect(response.status).toBe(400);
      expect(response.body.detail).toBe('Prompt content must not be empty');
    }
    const tooLong = await call('PUT', '/api/admin/prompts/main', {
      body: { content: 'x'.repeat(PROMPT_MAX_CHARS + 1) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.detail).toBe('Prompt content must be at most 20,000 characters');
    const atLimit = await call('PUT', '/api/admin/prompts/main', {
      body: { content: 'é'.repeat(PROMPT_MAX_CHARS) },
    });
    expect(atLimit.status).toBe(200);
    expect(published).toHaveLength(1);
  });

  it('answers 404 for an unknown prompt id', async () => {
    for (const [method, path] of [
      ['PUT', '/api/admin/prompts/secret'],
      ['GET', '/api/admin/prompts/secret/versions'],
    ] as const) {
      const response = await call(method, path, { body: method === 'PUT' ? { content: 'x' } : undefined });
      expect(response.status).toBe(404);
      expect(response.body.detail).toBe(
        'There is no prompt called "secret". The prompts are main, visual, test.',
      );
    }
  });

  it('serves the runtime prompts only with the internal token', async () => {
    await call('PUT', '/api/admin/prompts/main', { body: { content: 'Fresh main' } });
    const allowed = await call<RuntimePrompts>('GET', '/api/prompts/runtime', {
      session: null,
      headers: { 'x-internal-token': INTERNAL_TOKEN },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.body.main).toBe('Fresh main');
    expect(allowed.body.visual).toContain('not seen');
    expect(await server.peers.runtimePrompts()).toEqual(allowed.body);
    for (const headers of [{}, { 'x-internal-token': 'wrong' }] as Record<string, string>[]) {
      expect(
        (await call<RuntimePrompts>('GET', '/api/prompts/runtime', { session: VALID_SESSION, headers }))
          .status,
      ).toBe(403);
    }
  });

  it.each([
    ['GET', '/api/admin/prompts'],
    ['PUT', '/api/admin/prompts/main'],
    ['GET', '/api/admin/prompts/main/versions'],
    ['POST', '/api/admin/prompts/main/versions/1/restore'],
  ])('%s %s answers 401 without a session or with an unknown one', async (method, path) => {
    for (const session of [null, 'unknown-session-id-9876543210']) {
      const response = await call(method, path, {
        session,
        body: method === 'PUT' ? { content: 'x' } : undefined,
      });
      expect(response.status).toBe(401);
    }
    expect(published).toEqual([]);
  });
});
