import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  GENDER_QUESTION_TEXT,
  type AdminFlowDetail,
  type Question,
  type ReadingCompleted,
} from '@palm/contracts';
import { migrate } from '@palm/platform';
import { FLOW_MIGRATIONS_TABLE, flowMigrations } from '../src/flow.migrations';
import { seededRandom } from '../../../tests/support/seeded-random';
import { startFlowTestApp, type FlowTestApp } from './support/flow-test-app';

let app: FlowTestApp;
beforeAll(async () => {
  app = await startFlowTestApp();
});
beforeEach(async () => {
  await app.reset();
});
afterAll(async () => {
  await app.close();
});

const GO_LIVE_REFUSED = 'Cannot make flow live: At least one hand image upload question is required';

async function listFlows() {
  return (await app.call<AdminFlowDetail[]>('GET', '/api/admin/flows')).body;
}

async function createFlow(name = 'Experiment'): Promise<number> {
  const created = await app.call('POST', '/api/admin/flows', { body: { name } });
  expect(created.status).toBe(201);
  return created.body.id;
}

async function addQuestion(flowId: number, body: Record<string, unknown>) {
  return app.call('POST', `/api/admin/flows/${flowId}/questions`, { body });
}

async function flow(flowId: number) {
  const response = await app.call('GET', `/api/admin/flows/${flowId}`);
  expect(response.status).toBe(200);
  return response.body;
}

async function disableDefaultFlow() {
  const defaultFlow = (await listFlows())[0]!;
  await app.call('POST', `/api/admin/flows/${defaultFlow.id}/toggle-live`, { body: { isLive: false } });
}

/** A flow with a gender question (and so its hand upload), ready to go live. */
async function liveFlow(name: string, trafficPercentage: number): Promise<number> {
  const id = await createFlow(name);
  expect((await addQuestion(id, { type: 'gender_question' })).status).toBe(201);
  const toggled = await app.call('POST', `/api/admin/flows/${id}/toggle-live`, {
    body: { isLive: true, trafficPercentage },
  });
  expect(toggled.status).toBe(200);
  return id;
}

function completedReading(
  readingId: string,
  flowId: number | null,
  flowVersion: number | null,
): ReadingCompleted {
  return {
    version: 2,
    readingId,
    result: {
      sections: [
        { area: 'love', title: 'Love', subtitle: 's', insights: [], content: 'c', details: 'd', basis: [] },
      ],
      visual_markers: [],
    },
    engine: 'local',
    durationMs: 10,
    flowId,
    flowVersion,
  };
}

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('flow service', () => {
  describe('the default flow seeded on first start', () => {
    it('is live at 100 % and served with its questions in sequence and their bindings', async () => {
      const active = await app.call('GET', '/api/flows/active', { session: null });
      expect(active.status).toBe(200);
      expect(active.body.version).toBe(1);
      const questions = active.body.questions as { type: string; sequence: number; binding: string | null }[];
      expect(questions.map((q) => q.type)).toEqual([
        'gender_question',
        'hand_image_upload',
        'multiple_choice',
        'single_choice',
        'single_choice',
        'single_choice',
        'text_entry',
      ]);
      expect(questions.map((q) => q.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(questions.map((q) => q.binding)).toEqual([
        null,
        null,
        'focusAreas',
        'age',
        'maritalStatus',
        'hasChildren',
        null,
      ]);
      expect(active.body.questions[0]!).toMatchObject({
        questionText: GENDER_QUESTION_TEXT,
        options: ['Male', 'Female'],
      });
      expect(active.body.questions[2]!.options).toEqual([
        'Love',
        'Career',
        'Health',
        'Money',
        'Spiritual Growth',
      ]);
      expect(active.body.questions[3]!.options).toEqual(['18-25', '26-35', '36-45', '46-55', '56+']);
      expect(active.body.questions[5]!.options).toEqual(['Yes', 'No']);
      expect(active.body.questions[6]!.options).toBeNull();

      const listed = (await listFlows())[0]!;
      expect(listed).toMatchObject({ isLive: true, trafficPercentage: 100, version: 1 });
      expect(listed.analytics).toEqual({ served: 1, readings: 0, completionRate: 0 });
    });

    it('is seeded once: a restart after deleting it does not bring it back', async () => {
      const seeded = (await listFlows())[0]!;
      await app.call('POST', `/api/admin/flows/${seeded.id}/toggle-live`, { body: { isLive: false } });
      expect((await app.call('DELETE', `/api/admin/flows/${seeded.id}`)).status).toBe(200);
      await migrate(app.db, { table: FLOW_MIGRATIONS_TABLE, migrations: flowMigrations });
      expect(await listFlows()).toEqual([]);
    });
  });

  describe('GET /api/flows/active', () => {
    it('sets an httpOnly SameSite=Lax visitor cookie and keeps the visitor on the same flow', async () => {
      const first = await app.call('GET', '/api/flows/active', { session: null });
      const setCookie = first.headers.get('set-cookie') ?? '';
      expect(setCookie).toMatch(/^palm_visitor=[A-Za-z0-9_-]{22};/);
      expect(setCookie).toMatch(/HttpOnly/i);
      expect(setCookie).toMatch(/SameSite=Lax/i);
      const cookie = setCookie.split(';')[0]!;

      const again = await app.call('GET', '/api/flows/active', { session: null, cookie });
      expect(again.headers.get('set-cookie')).toBeNull();
      expect(again.body.id).toBe(first.body.id);
    });

    it('answers 404 with the spec message when no flow is live', async () => {
      await disableDefaultFlow();
      const response = await app.call('GET', '/api/flows/active', { session: null });
      expect(response.status).toBe(404);
      expect(response.body.detail).toBe('No active flow found. Please contact support.');
    });
  });

  describe('flows', () => {
    it('requires a name after trimming; the description is optional', async () => {
      for (const body of [{}, { name: '' }, { name: '   ' }, { name: 42 }]) {
        const response = await app.call('POST', '/api/admin/flows', { body });
        expect(response.status).toBe(400);
        expect(response.body.detail).toBe('Flow name is required');
      }
      const created = await app.call('POST', '/api/admin/flows', { body: { name: '  Spring test  ' } });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: 'Spring test',
        description: null,
        version: 1,
        isLive: false,
        trafficPercentage: 0,
        questions: [],
        analytics: { served: 0, readings: 0, completionRate: 0 },
      });
      expect(Number.isInteger(created.body.id)).toBe(true);
      const described = await app.call('POST', '/api/admin/flows', {
        body: { name: 'B', description: 'For the newsletter' },
      });
      expect(described.body.description).toBe('For the newsletter');
    });

    it('refuses to go live without a hand image upload question, with the spec message', async () => {
      const id = await createFlow();
      await addQuestion(id, { type: 'text_entry', questionText: 'Why?' });
      const refused = await app.call('POST', `/api/admin/flows/${id}/toggle-live`, {
        body: { isLive: true, trafficPercentage: 50 },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.detail).toBe(GO_LIVE_REFUSED);
      expect((await flow(id)).isLive).toBe(false);
    });

    it('goes live with a traffic percentage, defaults to 100, and disabling sets traffic 0', async () => {
      const id = await createFlow();
      await addQuestion(id, { type: 'gender_question' });
      const live = await app.call('POST', `/api/admin/flows/${id}/toggle-live`, {
        body: { isLive: true, trafficPercentage: 33 },
      });
      expect(live.body).toMatchObject({ isLive: true, trafficPercentage: 33 });
      const full = await app.call('POST', `/api/admin/flows/${id}/toggle-live`, { body: { isLive: true } });
      expect(full.body.trafficPercentage).toBe(100);
      const disabled = await app.call('POST', `/api/admin/flows/${id}/toggle-live`, {
        body: { isLive: false, trafficPercentage: 50 },
      });
      expect(disabled.body).toMatchObject({ isLive: false, trafficPercentage: 0 });
    });

    it('keeps traffic within 0..100 and needs isLive', async () => {
      const id = await createFlow();
      await addQuestion(id, { type: 'gender_question' });
      for (const trafficPercentage of [-1, 101, '50']) {
        const response = await app.call('POST', `/api/admin/flows/${id}/toggle-live`, {
          body: { isLive: true, trafficPercentage },
        });
        expect(response.status).toBe(400);
        expect(response.body.detail).toBe('Traffic percentage must be a number from 0 to 100');
      }
      const missing = await app.call('POST', `/api/admin/flows/${id}/toggle-live`, { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.detail).toBe('isLive must be true or false');
    });

    it('refuses to delete a live flow (409) and deletes a disabled one', async () => {
      const id = await liveFlow('Live one', 50);
      const refused = await app.call('DELETE', `/api/admin/flows/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toBe('A live flow cannot be deleted. Disable it first.');
      await app.call('POST', `/api/admin/flows/${id}/toggle-live`, { body: { isLive: false } });
      expect((await app.call('DELETE', `/api/admin/flows/${id}`)).status).toBe(200);
      const gone = await app.call('GET', `/api/admin/flows/${id}`);
      expect(gone.status).toBe(404);
      expect(gone.body.detail).toBe('The requested flow could not be found.');
    });

    it('answers 400 for an id that is not a whole number and 404 for one that matches nothing', async () => {
      for (const path of ['/api/admin/flows/abc', '/api/admin/flows/1.5', '/api/admin/flows/-3']) {
        const response = await app.call('GET', path);
        expect(response.status).toBe(400);
        expect(response.body.detail).toMatch(/^The flow id must be a whole number/);
      }
      for (const path of ['/api/admin/flows/0', '/api/admin/flows/999', '/api/admin/flows/99999999999']) {
        expect((await app.call('GET', path)).status).toBe(404);
      }
      const question = await app.call('PUT', '/api/admin/questions/x', { body: { type: 'text_entry' } });
      expect(question.status).toBe(400);
      expect(question.body.detail).toMatch(/^The question id must be a whole number/);
      const missing = await app.call('DELETE', '/api/admin/questions/4242');
      expect(missing.status).toBe(404);
      expect(missing.body.detail).toBe('The requested question could not be found.');
    });

    it('increases the version on every change of the flow or its questions', async () => {
      const id = await createFlow();
      const versions = [(await flow(id)).version];
      const text = await addQuestion(id, { type: 'text_entry', questionText: 'One' });
      versions.push((await flow(id)).version);
      await addQuestion(id, { type: 'gender_question' });
      versions.push((await flow(id)).version);
      await app.call('PUT', `/api/admin/questions/${text.body.id}`, {
        body: { type: 'text_entry', questionText: 'One, edited' },
      });
      versions.push((await flow(id)).version);
      const questions = (await flow(id)).questions as { id: number }[];
      await app.call('PUT', `/api/admin/flows/${id}/questions/sequence`, {
        body: {
          questionSequences: questions.reverse().map((q, index) => ({ id: q.id, sequence: index + 1 })),
        },
      });
      versions.push((await flow(id)).version);
      await app.call('POST', `/api/admin/flows/${id}/toggle-live`, {
        body: { isLive: true, trafficPercentage: 10 },
      });
      versions.push((await flow(id)).version);
      await app.call('DELETE', `/api/admin/questions/${text.body.id}`);
      versions.push((await flow(id)).version);
      expect(versions).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });

    it('leaves the version alone when a change is refused', async () => {
      const id = await createFlow();
      await app.call('POST', `/api/admin/flows/${id}/toggle-live`, { body: { isLive: true } });
      await addQuestion(id, { type: 'single_choice', questionText: 'Pick', options: ['only one'] });
      expect((await flow(id)).version).toBe(1);
    });
  });

  describe('questions', () => {
    it('requires a type', async () => {
      const id = await createFlow();
      for (const body of [{ questionText: 'Hi' }, { type: 'essay', questionText: 'Hi' }]) {
        const response = await addQuestion(id, body);
        expect(response.status).toBe(400);
        expect(response.body.detail).toBe('Question type is required');
      }
    });

    it('requires question text after trimming unless it is the gender question', async () => {
      const id = await createFlow();
      for (const questionText of [undefined, '', '   ']) {
        const response = await addQuestion(id, { type: 'text_entry', questionText });
        expect(response.status).toBe(400);
        expect(response.body.detail).toBe('Question text is required');
        expect(response.body.errors).toEqual([
          { field: 'questionText', message: 'Question text is required' },
        ]);
      }
      expect((await addQuestion(id, { type: 'gender_question' })).status).toBe(201);
    });

    it('needs at least 2 non-empty options for choice questions and drops empty ones', async () => {
      const id = await createFlow();
      for (const type of ['single_choice', 'multiple_choice']) {
        for (const options of [undefined, null, [], ['One'], ['One', '  ', '']]) {
          const response = await addQuestion(id, { type, questionText: 'Pick', options });
          expect(response.status).toBe(400);
          expect(response.body.detail).toBe('At least 2 options are required for choice questions');
        }
      }
      const created = await addQuestion(id, {
        type: 'multiple_choice',
        questionText: '  Pick some  ',
        options: [' Red ', '', 'Blue', '   '],
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ questionText: 'Pick some', options: ['Red', 'Blue'] });
    });

    it('reports every broken rule at once', async () => {
      const id = await createFlow();
      const response = await addQuestion(id, { type: 'single_choice', questionText: ' ', options: ['a'] });
      expect(response.body.detail).toBe(
        'Question text is required; At least 2 options are required for choice questions',
      );
    });

    it('stores no options for non-choice types', async () => {
      const id = await createFlow();
      const created = await addQuestion(id, {
        type: 'text_entry',
        questionText: 'Tell us',
        options: ['a', 'b'],
      });
      expect(created.body.options).toBeNull();
    });

    it('fixes the gender question text and options and adds a hand upload right after it', async () => {
      const id = await createFlow();
      await addQuestion(id, { type: 'text_entry', questionText: 'First' });
      const gender = await addQuestion(id, {
        type: 'gender_question',
        questionText: 'Something else',
        options: ['Other'],
      });
      expect(gender.status).toBe(201);
      expect(gender.body).toMatchObject({
        type: 'gender_question',
        questionText: 'What was your designated gender at birth?',
        options: ['Male', 'Female'],
        sequence: 2,
      });
      await addQuestion(id, { type: 'text_entry', questionText: 'Last' });
      const questions = (await flow(id)).questions;
      expect(questions.map((q: { type: string; sequence: number }) => [q.type, q.sequence])).toEqual([
        ['text_entry', 1],
        ['gender_question', 2],
        ['hand_image_upload', 3],
        ['text_entry', 4],
      ]);
      expect(questions[2]!.options).toBeNull();

      const second = await addQuestion(id, { type: 'gender_question' });
      expect(second.status).toBe(400);
      expect(second.body.detail).toBe('This flow already has a gender question.');
    });

    it('gives a new question the sequence count + 1, whatever sequence was sent', async () => {
      const id = await createFlow();
      await addQuestion(id, { type: 'text_entry', questionText: 'A', sequence: 9 });
      const second = await addQuestion(id, { type: 'text_entry', questionText: 'B', sequence: 1 });
      expect(second.body.sequence).toBe(2);
    });

    it('keeps the sequence on edit and applies the same rules', async () => {
      const id = await createFlow();
      await addQuestion(id, { type: 'text_entry', questionText: 'A' });
      const b = await addQuestion(id, { type: 'text_entry', questionText: 'B' });
      const edited = await app.call('PUT', `/api/admin/questions/${b.body.id}`, {
        body: { type: 'single_choice', questionText: 'B?', options: ['Yes', 'No', ''], sequence: 1 },
      });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ id: b.body.id, sequence: 2, options: ['Yes', 'No'] });
      const invalid = await app.call('PUT', `/api/admin/questions/${b.body.id}`, {
        body: { type: 'single_choice', questionText: 'B?', options: ['Yes'] },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body.detail).toBe('At least 2 options are required for choice questions');
    });

    it('removes the hand upload with its gender question and renumbers from 1', async () => {
      const id = await createFlow();
      const gender = await addQuestion(id, { type: 'gender_question' });
      await addQuestion(id, { type: 'text_entry', questionText: 'After' });
      const deleted = await app.call('DELETE', `/api/admin/questions/${gender.body.id}`);
      expect(deleted.status).toBe(200);
      const questions = (await flow(id)).questions;
      expect(questions).toHaveLength(1);
      expect(questions[0]).toMatchObject({ questionText: 'After', sequence: 1 });
    });

    it('adds or removes the hand upload when an edit turns a question into or out of a gender question', async () => {
      const id = await createFlow();
      const first = await addQuestion(id, { type: 'text_entry', questionText: 'A' });
      await addQuestion(id, { type: 'text_entry', questionText: 'B' });
      await app.call('PUT', `/api/admin/questions/${first.body.id}`, { body: { type: 'gender_question' } });
      let types = (await flow(id)).questions.map((q: { type: string }) => q.type);
      expect(types).toEqual(['gender_question', 'hand_image_upload', 'text_entry']);
      await app.call('PUT', `/api/admin/questions/${first.body.id}`, {
        body: { type: 'text_entry', questionText: 'A again' },
      });
      const questions = (await flow(id)).questions;
      types = questions.map((q: { type: string }) => q.type);
      expect(types).toEqual(['text_entry', 'text_entry']);
      expect(questions.map((q: { sequence: number }) => q.sequence)).toEqual([1, 2]);
    });

    it('keeps a live flow servable: its last hand upload cannot be removed', async () => {
      const id = await liveFlow('Live', 10);
      const [gender, hand] = (await flow(id)).questions as [Question, Question];
      for (const questionId of [hand.id, gender.id]) {
        const response = await app.call('DELETE', `/api/admin/questions/${questionId}`);
        expect(response.status).toBe(409);
      }
      expect((await flow(id)).questions).toHaveLength(2);
    });

    it('checks bindings: the right question type and one question per field', async () => {
      const id = await createFlow();
      const wrongType = await addQuestion(id, {
        type: 'single_choice',
        questionText: 'Areas?',
        options: ['Love', 'Career'],
        binding: 'focusAreas',
      });
      expect(wrongType.status).toBe(400);
      expect(wrongType.body.detail).toBe(
        'An answer for focusAreas must come from a "Multiple Choice (Multiple Answers)" question',
      );
      const age = {
        type: 'single_choice',
        questionText: 'Age?',
        options: ['18-25', '26-35'],
        binding: 'age',
      };
      expect((await addQuestion(id, age)).status).toBe(201);
      const twice = await addQuestion(id, age);
      expect(twice.status).toBe(400);
      expect(twice.body.detail).toBe('Another question of this flow already provides age.');
    });

    it('reorders from the full list and renumbers from 1', async () => {
      const id = await createFlow();
      const ids: number[] = [];
      for (const text of ['A', 'B', 'C']) {
        ids.push((await addQuestion(id, { type: 'text_entry', questionText: text })).body.id);
      }
      const reordered = await app.call('PUT', `/api/admin/flows/${id}/questions/sequence`, {
        body: {
          questionSequences: [
            { id: ids[2], sequence: 10 },
            { id: ids[0], sequence: 20 },
            { id: ids[1], sequence: 30 },
          ],
        },
      });
      expect(reordered.status).toBe(200);
      expect(
        reordered.body.questions.map((q: { questionText: string; sequence: number }) => [
          q.questionText,
          q.sequence,
        ]),
      ).toEqual([
        ['C', 1],
        ['A', 2],
        ['B', 3],
      ]);

      const partial = await app.call('PUT', `/api/admin/flows/${id}/questions/sequence`, {
        body: { questionSequences: [{ id: ids[0], sequence: 1 }] },
      });
      expect(partial.status).toBe(400);
      expect(partial.body.detail).toBe('The new order must list every question of this flow exactly once.');
      const duplicated = await app.call('PUT', `/api/admin/flows/${id}/questions/sequence`, {
        body: { questionSequences: [ids[0], ids[0], ids[1]].map((qid, i) => ({ id: qid, sequence: i + 1 })) },
      });
      expect(duplicated.status).toBe(400);
      const malformed = await app.call('PUT', `/api/admin/flows/${id}/questions/sequence`, { body: {} });
      expect(malformed.status).toBe(400);
    });
  });

  describe('analytics', () => {
    it('counts a visitor once per flow version and a completed reading once per reading id', async () => {
      const seeded = (await listFlows())[0]!;
      const first = await app.call('GET', '/api/flows/active', { session: null });
      const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
      await app.call('GET', '/api/flows/active', { session: null, cookie });
      await app.call('GET', '/api/flows/active', { session: null });

      await app.bus.publish('reading.completed', completedReading('reading-one', seeded.id, 1));
      await app.bus.publish('reading.completed', completedReading('reading-one', seeded.id, 1));
      await app.bus.publish('reading.completed', completedReading('reading-unflowed', null, null));
      const counted = await eventually(
        async () => (await flow(seeded.id)).analytics,
        (analytics) => analytics.readings >= 1,
      );
      expect(counted).toEqual({ served: 2, readings: 1, completionRate: 0.5 });

      await app.bus.publish('reading.completed', completedReading('reading-two', seeded.id, 1));
      const detail = await eventually(
        () => flow(seeded.id),
        (body) => body.analytics.readings >= 2,
      );
      expect(detail.analytics).toEqual({ served: 2, readings: 2, completionRate: 1 });
      expect(detail.analyticsByVersion).toEqual([{ version: 1, served: 2, readings: 2, completionRate: 1 }]);
      expect(app.bus.deadLetters()).toEqual([]);
    });

    it('keeps counts per version and counts a returning visitor again for a new version', async () => {
      const seeded = (await listFlows())[0]!;
      const first = await app.call('GET', '/api/flows/active', { session: null });
      const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]!;
      await addQuestion(seeded.id, { type: 'text_entry', questionText: 'Anything else?' });
      const second = await app.call('GET', '/api/flows/active', { session: null, cookie });
      expect(second.body.version).toBe(2);
      await app.bus.publish('reading.completed', completedReading('reading-v2', seeded.id, 2));
      const detail = await eventually(
        () => flow(seeded.id),
        (body) => body.analytics.readings >= 1,
      );
      expect(detail.analyticsByVersion).toEqual([
        { version: 1, served: 1, readings: 0, completionRate: 0 },
        { version: 2, served: 1, readings: 1, completionRate: 1 },
      ]);
      // The flow itself served one visitor, who completed a reading: not two visitors at 50 %.
      expect(detail.analytics).toEqual({ served: 1, readings: 1, completionRate: 1 });
    });
  });

  describe('admin routes', () => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/flows'],
      ['POST', '/api/admin/flows', { name: 'x' }],
      ['GET', '/api/admin/flows/1'],
      ['DELETE', '/api/admin/flows/1'],
      ['POST', '/api/admin/flows/1/toggle-live', { isLive: false }],
      ['PUT', '/api/admin/flows/1/questions/sequence', { questionSequences: [] }],
      ['POST', '/api/admin/flows/1/questions', { type: 'gender_question' }],
      ['PUT', '/api/admin/questions/1', { type: 'gender_question' }],
      ['DELETE', '/api/admin/questions/1'],
    ];

    it.each(routes)(
      '%s %s answers 401 without a session or with an unknown one',
      async (method, path, body) => {
        for (const session of [null, 'unknown-session-id-9876543210']) {
          const response = await app.call(method, path, { body, session });
          expect(response.status).toBe(401);
          expect(response.headers.get('content-type')).toMatch(/application\/problem\+json/);
        }
        expect((await app.call('GET', '/api/admin/flows/1')).body.isLive).toBe(true);
      },
    );
  });
});

describe('traffic split between live flows', () => {
  it('serves visitors in proportion to the traffic percentages and keeps each one on their flow', async () => {
    app.useRandom(seededRandom(7));
    await disableDefaultFlow();
    const third = await liveFlow('A third', 33);
    const rest = await liveFlow('The rest', 67);

    const visitors = 600;
    const servedBy = new Map<number, number>();
    const cookies: [string, number][] = [];
    for (let i = 0; i < visitors; i++) {
      const response = await app.call('GET', '/api/flows/active', { session: null });
      servedBy.set(response.body.id, (servedBy.get(response.body.id) ?? 0) + 1);
      if (i < 20) cookies.push([(response.headers.get('set-cookie') ?? '').split(';')[0]!, response.body.id]);
    }
    expect([...servedBy.keys()].sort()).toEqual([third, rest].sort());
    // 600 draws: one standard deviation of the share is about 1.9 points; allow three.
    expect(Math.abs(((servedBy.get(third) ?? 0) / visitors) * 100 - 33)).toBeLessThanOrEqual(6);

    for (const [cookie, flowId] of cookies) {
      for (let i = 0; i < 3; i++) {
        expect((await app.call('GET', '/api/flows/active', { session: null, cookie })).body.id).toBe(flowId);
      }
    }
    expect((await flow(third)).analytics.served).toBe(servedBy.get(third));

    // Stickiness lasts while the flow stays live; then the visitor moves to a live one.
    await app.call('POST', `/api/admin/flows/${third}/toggle-live`, { body: { isLive: false } });
    const [cookieOnThird] = cookies.find(([, flowId]) => flowId === third)!;
    expect(
      (await app.call('GET', '/api/flows/active', { session: null, cookie: cookieOnThird })).body.id,
    ).toBe(rest);
  });
});
