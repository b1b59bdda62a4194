import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { postReading, startReadingHarness, type ReadingHarness } from './reading-test-harness';
import { samplePalmJpeg } from '../../../tests/support/sample-report';

let harness: ReadingHarness;
let palm: Buffer;

beforeAll(async () => {
  palm = await samplePalmJpeg();
  harness = await startReadingHarness();
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.worker.behaviour = 'complete';
});

const makeReading = (headers: Record<string, string> = {}) => postReading(harness.url, palm, { headers });

const call = (pathname: string, init: RequestInit = {}) => fetch(`${harness.url}${pathname}`, init);
const json = (method: string, body: unknown, cookie?: string): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
  body: JSON.stringify(body),
});

describe('owner cookie and sharing (embedded parts)', () => {
  it('answers {id} as before and sets one HttpOnly owner cookie that a browser keeps for its readings', async () => {
    const first = await makeReading();
    expect(first.response.status).toBe(200);
    expect(first.created).toEqual({ id: first.id });
    expect(first.response.headers.get('set-cookie')).toMatch(
      /^palm_owner=[A-Za-z0-9_-]{43}; Max-Age=\d+; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/,
    );
    const second = await makeReading({ Cookie: first.cookie });
    expect(second.cookie).toBe(first.cookie);
    const sharing = await call(`/api/reading/${second.id}/sharing`, { headers: { Cookie: first.cookie } });
    expect(await sharing.json()).toEqual({
      shared: false,
      includePhoto: false,
      owner: true,
      emailAvailable: false,
    });
  });

  it('keeps a new reading private until its owner shares it; then others see the palm-only version', async () => {
    const { id, cookie } = await makeReading();
    for (const suffix of ['', '/image', '/pdf', '/card.png', '/page', '/sharing'])
      expect((await call(`/api/reading/${id}${suffix}`)).status, suffix).toBe(404);
    const own = (await (await call(`/api/reading/${id}`, { headers: { Cookie: cookie } })).json()) as {
      reading: Record<string, unknown>;
    };
    expect(own.reading).toMatchObject({ sections: [{ content: 'A reading.' }] });
    expect(own.reading).not.toHaveProperty('shared');

    const shared = await call(`/api/reading/${id}/sharing`, json('PUT', { shared: true }, cookie));
    expect(await shared.json()).toMatchObject({ shared: true, owner: true });
    const seen = (await (await call(`/api/reading/${id}`)).json()) as { reading: Record<string, unknown> };
    expect(seen.reading).toMatchObject({ sections: [{ content: 'A reading of the palm alone.' }] });
    expect(JSON.stringify(seen)).not.toContain('Loyal');
    expect(seen.reading).not.toHaveProperty('shared');
  });

  it("gives the report page exactly what the reading's own requests answer the browser asking", async () => {
    const { id, cookie } = await makeReading();
    const answersOf = async (headers: Record<string, string>) => ({
      page: (await (await call(`/api/reading/${id}/page`, { headers })).json()) as Record<string, unknown>,
      view: (await (await call(`/api/reading/${id}`, { headers })).json()) as Record<string, unknown>,
      sharing: (await (await call(`/api/reading/${id}/sharing`, { headers })).json()) as Record<
        string,
        unknown
      >,
    });
    const owner = await answersOf({ Cookie: cookie });
    expect(owner.page).toMatchObject({
      view: owner.view,
      sharing: { ...owner.sharing, owner: true },
    });
    expect(JSON.stringify(owner.page.view)).toContain('Loyal');
    // The link preview travels to whoever the link reaches: the palm-only reading, even for its owner.
    expect(JSON.stringify(owner.page.preview)).not.toContain('Loyal');

    await call(`/api/reading/${id}/sharing`, json('PUT', { shared: true }, cookie));
    const stranger = await answersOf({});
    expect(stranger.page).toMatchObject({
      view: stranger.view,
      sharing: { ...stranger.sharing, owner: false },
    });
    expect(JSON.stringify(stranger.page)).not.toContain('Loyal');
  });

  it('keeps a reading made before the palm-only version private: sharing it would show the answers', async () => {
    const { id, cookie } = await makeReading();
    const stored = (await harness.db('readings').where({ id }).first<{ result: unknown }>('result')).result;
    const { shared: _shared, ...older } = (
      typeof stored === 'string' ? JSON.parse(stored) : stored
    ) as Record<string, unknown>;
    await harness
      .db('readings')
      .where({ id })
      .update({ result: JSON.stringify(older) });
    const refused = await call(`/api/reading/${id}/sharing`, json('PUT', { shared: true }, cookie));
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { detail: string }).detail).toMatch(/stays private/);
    expect((await call(`/api/reading/${id}`)).status).toBe(404);
  });

  it('rejects a malformed sharing change with a clear message and changes nothing', async () => {
    const { id, cookie } = await makeReading();
    const bad = await call(`/api/reading/${id}/sharing`, json('PUT', { shared: 'nope' }, cookie));
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { detail: string }).detail).toMatch(/shared must be true or false/);
    const forged = await call(
      `/api/reading/${id}/sharing`,
      json('PUT', { shared: false }, 'palm_owner=' + 'x'.repeat(43)),
    );
    // A private reading is the same 404 as an unknown one to anyone but its owner.
    expect(forged.status).toBe(404);
    expect(
      await (await call(`/api/reading/${id}/sharing`, { headers: { Cookie: cookie } })).json(),
    ).toMatchObject({ shared: false });
  });

  it('does not offer email without an SMTP server, and has no PDF for a reading still being made', async () => {
    const { id, cookie } = await makeReading();
    const email = await call(`/api/reading/${id}/email`, json('POST', { email: 'a@example.com' }, cookie));
    expect(email.status).toBe(404);
    expect(((await email.json()) as { detail: string }).detail).toMatch(/not offered/);

    harness.worker.behaviour = 'silent';
    const pending = await makeReading({ Prefer: 'respond-async' });
    const pdf = await call(`/api/reading/${pending.id}/pdf`, { headers: { Cookie: pending.cookie } });
    expect(pdf.status).toBe(409);
    expect(((await pdf.json()) as { detail: string }).detail).toMatch(/not ready yet/);
    expect((await call(`/api/reading/${'B'.repeat(22)}/pdf`)).status).toBe(404);
    expect((await call('/api/reading/not-an-id/card.png')).status).toBe(404);
  });
});

describe('GET /api/reading-policy', () => {
  it('states the periods and choices this installation is configured with, for the policy pages', async () => {
    const policy = await call('/api/reading-policy');
    expect(policy.status).toBe(200);
    expect(await policy.json()).toEqual({
      imageRetentionDays: 30,
      textRetentionDays: 365,
      emailAvailable: false,
    });
  });
});

describe('email requests per client', () => {
  it('limits one client across readings and counts only accepted requests', async () => {
    const sent: string[] = [];
    const limited = await startReadingHarness({
      email: {
        // The SMTP side is covered against a real server in report-sharing.int.test.ts.
        mailer: { send: (mail) => Promise.resolve(void sent.push(mail.to)), close: () => undefined },
        perReadingPerHour: 10,
        perClientPerHour: 2,
      },
    });
    try {
      let cookie = '';
      const make = async () => {
        const made = await postReading(limited.url, palm, {
          headers: cookie ? { Cookie: cookie } : undefined,
        });
        cookie = made.cookie;
        return made.id;
      };
      const ask = (id: string, email: string) =>
        fetch(`${limited.url}/api/reading/${id}/email`, json('POST', { email }, cookie));
      const [first, second] = [await make(), await make()];
      expect((await ask(first, 'typo')).status).toBe(400);
      expect((await ask(first, 'one@example.com')).status).toBe(202);
      expect((await ask(second, 'two@example.com')).status).toBe(202);
      const refused = await ask(second, 'three@example.com');
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { detail: string }).detail).toMatch(/many emails/);
      await expect.poll(() => sent.length, { timeout: 30_000 }).toBe(2);
    } finally {
      await limited.close();
    }
  });
});
