import { activeEngineSchema, PROMPTS_IDLE_NOTE } from '@palm/contracts';
import { createReadingEngines, fixedPrompts } from '@palm/palm-engine';
import { createHttpApp, createLogger, listen, type RunningServer } from '@palm/platform';
import { afterEach, describe, expect, it } from 'vitest';
import { createPromptTestRunRouter } from '../src/prompt-test-run.routes';

const SESSION = 'a-valid-session-id-for-this-test-only';
const logger = createLogger('prompt-engine-test', 'silent');
const host = { logger: { info: () => undefined, warn: () => undefined } };
const prompts = fixedPrompts({ main: 'main', visual: 'visual', test: 'test' });
let server: RunningServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The worker's admin routes over HTTP, with the engines the worker builds from its settings. */
async function engineStatus(apiKey: string | undefined, authorization?: string) {
  const engines = await createReadingEngines(
    { OPENAI_API_KEY: apiKey, OPENAI_BASE_URL: undefined, OPENAI_MODEL: 'm' },
    host,
    prompts,
  );
  const router = createPromptTestRunRouter({
    ...engines,
    logger,
    sessions: { verify: (id) => Promise.resolve(id === SESSION) },
  });
  server = await listen(createHttpApp({ logger, routers: [router] }), 0, '127.0.0.1');
  return fetch(`${server.url}/api/admin/prompts/engine`, {
    headers: authorization ? { authorization } : {},
  });
}

describe('GET /api/admin/prompts/engine', () => {
  it('names the local engine and says the prompts wait for a vision model (OPENAI_API_KEY)', async () => {
    const response = await engineStatus(undefined, `Bearer ${SESSION}`);
    expect(response.status).toBe(200);
    const body = activeEngineSchema.parse(await response.json());
    expect(body).toEqual({
      engine: 'palm-local',
      kind: 'local',
      usesPrompts: false,
      note: PROMPTS_IDLE_NOTE,
    });
    expect(body.note).toContain('OPENAI_API_KEY');
  });

  it('names the vision model when OPENAI_API_KEY is set, and says saved prompts are in use', async () => {
    const response = await engineStatus('sk-test', `Bearer ${SESSION}`);
    const body = activeEngineSchema.parse(await response.json());
    expect(body).toMatchObject({ engine: 'palm-openai', kind: 'vision-model', usesPrompts: true });
    expect(body.note).toMatch(/apply to the next reading/);
  });

  it('answers only an admin session', async () => {
    expect((await engineStatus(undefined)).status).toBe(401);
    expect((await engineStatus(undefined, 'Bearer not-a-session')).status).toBe(401);
  });
});
