import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertJsonShape,
  assertRequestText,
  createHttpApp,
  createLogger,
  decodeUtf8Text,
  HttpError,
  jsonBody,
  listen,
  MAX_JSON_ENTRIES,
  MAX_NESTING_DEPTH,
  type RunningServer,
} from '../src/index';

/** The 400 problem `run` throws, so a test can check its sentence and the field it names. */
function refusal(run: () => void): HttpError {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal, but the input was accepted');
}

const nestedLists = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/** A parsed value nested `depth` lists deep, built without JSON so its depth has no parser limit. */
function deepValue(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
}

/** The largest answers an honest flow sends: 100 questions, each answered with 20 choices. */
const largestHonestAnswers = Object.fromEntries(
  Array.from({ length: 100 }, (_, question) => [
    `question_${question + 1}`,
    Array.from({ length: 20 }, (_, choice) => `Choice ${choice} [with {brackets}, "quotes" and, commas]`),
  ]),
);

describe('assertJsonShape', () => {
  it.each([5_000, 8_000])('refuses a %i-level [[[…]]] before it is parsed, naming the field', (depth) => {
    const problem = refusal(() => assertJsonShape(nestedLists(depth), 'flowResponses'));
    expect(problem.status).toBe(400);
    expect(problem.detail).toBe(
      `flowResponses is nested too deeply: at most ${MAX_NESTING_DEPTH} levels of lists and objects are accepted.`,
    );
    expect(problem.options.errors).toEqual([
      { field: 'flowResponses', message: `nested more than ${MAX_NESTING_DEPTH} levels deep` },
    ]);
  });

  it('refuses a deep object as well', () => {
    expect(refusal(() => assertJsonShape(nestedObjects(6_000), 'focusAreas')).detail).toMatch(
      /^focusAreas is nested too deeply/,
    );
  });

  it('accepts exactly the depth limit and refuses one level more', () => {
    expect(() => assertJsonShape(nestedLists(MAX_NESTING_DEPTH), 'x')).not.toThrow();
    expect(() => assertJsonShape(nestedLists(MAX_NESTING_DEPTH + 1), 'x')).toThrow(/nested too deeply/);
  });

  it('counts keys and items at every level, and refuses one more than the limit', () => {
    const items = (count: number) => JSON.stringify([Array.from({ length: count - 1 }, () => 0)]);
    expect(() => assertJsonShape(items(MAX_JSON_ENTRIES), 'x')).not.toThrow();
    expect(refusal(() => assertJsonShape(items(MAX_JSON_ENTRIES + 1), 'x')).detail).toBe(
      `x has too many entries: at most ${MAX_JSON_ENTRIES} keys and list items are accepted.`,
    );
    const keys = JSON.stringify(
      Object.fromEntries(Array.from({ length: MAX_JSON_ENTRIES + 1 }, (_, i) => [i, 0])),
    );
    expect(() => assertJsonShape(keys, 'x')).toThrow(/too many entries/);
  });

  it('does not count brackets, commas or escaped quotes inside strings', () => {
    const text = JSON.stringify({ answer: `${'[{,'.repeat(10_000)} \\" ] "` });
    expect(() => assertJsonShape(text, 'x')).not.toThrow();
  });

  it('lets the largest honest flowResponses through', () => {
    expect(() => assertJsonShape(JSON.stringify(largestHonestAnswers), 'flowResponses')).not.toThrow();
  });
});

describe('assertRequestText', () => {
  it('walks a value nested far past any stack without recursing, refusing it by depth', () => {
    const problem = refusal(() => assertRequestText(deepValue(200_000), 'flowResponses'));
    expect(problem.detail).toMatch(/^flowResponses is nested too deeply/);
  });

  it('refuses a parsed 8 000-deep object naming the field', () => {
    const parsed: unknown = JSON.parse(nestedObjects(8_000));
    expect(refusal(() => assertRequestText(parsed, 'flowResponses')).detail).toMatch(
      /^flowResponses is nested too deeply/,
    );
  });

  it('refuses more entries than the limit, across levels', () => {
    const wide = Array.from({ length: 10 }, () => Array.from({ length: MAX_JSON_ENTRIES / 10 }, () => 'x'));
    expect(() => assertRequestText(wide, 'x')).toThrow(/too many entries/);
    expect(() => assertRequestText(largestHonestAnswers, 'flowResponses')).not.toThrow();
  });

  it.each([
    ['NUL', '3\u00000'],
    ['ESC', 'a\u001b[31m'],
    ['a tab', 'a\tb'],
    ['a line feed', 'a\nb'],
    ['a lone carriage return', 'a\rb'],
  ])('refuses %s in a one-line field, naming it', (_name, text) => {
    const problem = refusal(() => assertRequestText(text, 'age'));
    expect(problem.detail).toBe(
      'age contains a control character (an invisible character such as NUL or ESC); none are allowed here. Please remove it and try again.',
    );
    expect(problem.options.errors).toEqual([{ field: 'age', message: 'contains a control character' }]);
  });

  const answerIsFreeText = (path: readonly string[]) => path.length === 1;

  it('lets tabs and line breaks (LF or CR LF) through in free text only', () => {
    const answers = { question_1: 'first line\nsecond\tline\r\nthird', question_2: ['Love'] };
    expect(() => assertRequestText(answers, 'flowResponses', answerIsFreeText)).not.toThrow();
    expect(() => assertRequestText({ question_2: ['Lo\nve'] }, 'flowResponses', answerIsFreeText)).toThrow(
      /^flowResponses\.question_2\.0 contains a control character/,
    );
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a bell', 'a\u0007b'],
    ['a lone carriage return', 'a\rb'],
    ['a unit separator', 'a\u001fb'],
  ])('refuses %s even in free text', (_name, text) => {
    const problem = refusal(() => assertRequestText({ question_1: text }, 'flowResponses', answerIsFreeText));
    expect(problem.detail).toMatch(
      /^flowResponses\.question_1 contains a control character .*; only tabs and line breaks are allowed\./,
    );
  });

  it('refuses a control character in a key, naming the key', () => {
    expect(
      refusal(() => assertRequestText({ 'question\n1': 'x' }, 'flowResponses', () => true)).detail,
    ).toMatch(/^flowResponses\.question\n1 contains a control character .*none are allowed here/);
  });

  it('refuses half a surrogate pair and names the first bad string in document order', () => {
    const problem = refusal(() =>
      assertRequestText({ a: 'fine', b: ['ok', 'half \ud800'], c: '\u0000' }, 'form'),
    );
    expect(problem.detail).toMatch(/^form\.b\.1 contains a character that cannot be stored/);
    expect(() => assertRequestText('a whole pair 😀 is fine', 'form')).not.toThrow();
  });
});

describe('decodeUtf8Text', () => {
  it('decodes UTF-8 as written, a leading byte order mark included', () => {
    expect(decodeUtf8Text(Buffer.from('\ufeffcafé 😀', 'utf8'), 'age')).toBe('\ufeffcafé 😀');
  });

  it.each([
    ['a stray continuation byte', [0x61, 0x80]],
    ['a truncated sequence', [0xc3]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
    ['a byte that UTF-8 never uses', [0xff]],
  ])('refuses %s, naming the field', (_name, bytes) => {
    const problem = refusal(() => decodeUtf8Text(Uint8Array.from(bytes), 'maritalStatus'));
    expect(problem.status).toBe(400);
    expect(problem.detail).toBe('maritalStatus is not valid UTF-8 text. Please send text encoded as UTF-8.');
  });
});

describe('jsonBody', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const router = express.Router();
    router.post('/echo', jsonBody('64kb'), (req, res) => {
      res.json(req.body);
    });
    server = await listen(
      createHttpApp({ logger: createLogger('request-text-test', 'silent'), routers: [router] }),
      0,
      '127.0.0.1',
    );
  });
  afterAll(() => server.close());

  const post = (body: string | Uint8Array) =>
    fetch(`${server.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('passes an honest body through unchanged, line breaks in its text included', async () => {
    const body = { content: 'A prompt\n\twith lines', questionSequences: [{ id: 1, sequence: 1 }] };
    const response = await post(JSON.stringify(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(body);
  });

  it('refuses a deeply nested body with 400 before parsing it', async () => {
    const response = await post(`{"content":${nestedLists(8_000)}}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toBe(
      `The request body is nested too deeply: at most ${MAX_NESTING_DEPTH} levels of lists and objects are accepted.`,
    );
  });

  it('refuses a body that is not UTF-8', async () => {
    const response = await post(
      Buffer.concat([Buffer.from('{"content":"caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toMatch(
      /^The request body is not valid UTF-8/,
    );
  });

  it('refuses a control character in a string, naming its field', async () => {
    const response = await post(JSON.stringify({ name: 'Spring \u001b flow' }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { detail: string }).detail).toMatch(
      /^name contains a control character/,
    );
  });
});
