import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_VISUAL_PROMPT,
  VisualAnalysisObserver,
  type VisualAnalysis,
} from '../src/openai/visual-analysis.observer';
import type { PalmObservation } from '../src/palm-observation';
import { PalmReadingEngine, type PalmObserver } from '../src/palm-reading.engine';
import { fixedPrompts, type PromptSource } from '../src/prompt-source';
import type { NormalisedImage } from '../src/reading-engine';
import { PALM_FIXTURES, REFUSAL } from './fixtures/palm-observations';
import { submission } from '../../../tests/support/palm-fixtures';
import { startOpenAIStub, type OpenAIStub } from '../../../tests/support/openai-stub';

const CANARY = 'CANARY-visual-7d2a91';
const VISUAL_PROMPT = `Report what the palm shows.\nInternal marker ${CANARY} must never be shown to anyone.`;
const image: NormalisedImage = { data: Buffer.from('a jpeg photo') };
/** A palm on which the crease scan saw no line at all. */
const bare = PALM_FIXTURES['water-right-no-lines'];
/** A palm whose life line the crease scan saw surely (0.9). */
const deep = PALM_FIXTURES['earth-right-deep-lines'];

const line = (
  name: VisualAnalysis['lines'][number]['line'],
  overrides: Partial<VisualAnalysis['lines'][number]> = {},
): VisualAnalysis['lines'][number] => ({
  line: name,
  visible: 'yes',
  length: 'long',
  depth: 'deep',
  shape: 'strongly curved',
  breaks: 0,
  evidence: `a dark crease, see ${CANARY}`,
  confidence: 0.9,
  ...overrides,
});

const analysis = (overrides: Partial<VisualAnalysis> = {}): VisualAnalysis => ({
  handPresent: true,
  handedness: 'right',
  quality: 'good',
  issues: [],
  lines: [
    line('heart'),
    line('head', { visible: 'faint', depth: null, shape: 'straight', length: 'medium', confidence: 0.6 }),
    line('fate', { visible: 'not seen', length: null, depth: null, shape: null, breaks: null }),
    line('sun', { confidence: 0.3 }),
  ],
  mounts: [
    { mount: 'jupiter', prominence: 'full', confidence: 0.8 },
    { mount: 'moon', prominence: 'flat', confidence: 0.2 },
  ],
  ...overrides,
});

describe('VisualAnalysisObserver', () => {
  let stub: OpenAIStub;
  const warn = vi.fn();
  const localFor = (observation: PalmObservation | typeof REFUSAL): PalmObserver => ({
    observe: () => Promise.resolve(structuredClone(observation)),
  });
  const observerWith = (local: PalmObserver, prompts?: PromptSource) =>
    new VisualAnalysisObserver(local, {
      apiKey: 'sk-test',
      baseURL: stub.baseURL,
      model: 'gpt-vision-test',
      prompts,
      host: { logger: { warn, info: vi.fn() } },
    });
  const answer = (value: unknown) => stub.reply(() => ({ text: JSON.stringify(value) }));

  beforeAll(async () => {
    stub = await startOpenAIStub();
  });
  afterAll(() => stub.close());
  beforeEach(() => {
    stub.requests.length = 0;
    warn.mockClear();
  });

  it('sends the Visual Analysis prompt as instructions and the photo alone, with the observations schema', async () => {
    answer(analysis());
    await observerWith(
      localFor(bare),
      fixedPrompts({ main: 'main', visual: VISUAL_PROMPT, test: 'test' }),
    ).observe(image);

    expect(stub.requests).toHaveLength(1);
    const body = stub.requests[0]!.body;
    expect(body.model).toBe('gpt-vision-test');
    expect(body.instructions).toBe(VISUAL_PROMPT);
    const content = body.input[0]!.content;
    expect(content.map((part) => part.type)).toEqual(['input_image']);
    expect(content[0]!.detail).toBe('high');
    expect(Buffer.from(content[0]!.image_url!.split(',')[1]!, 'base64').equals(image.data)).toBe(true);
    expect(body.text?.format).toMatchObject({
      type: 'json_schema',
      name: 'palm_visual_analysis',
      strict: true,
    });
    expect(body.text?.format?.schema).toMatchObject({
      required: expect.arrayContaining(['handPresent', 'lines', 'mounts']) as unknown,
    });
  });

  it('adds the lines and mounts the model sees, keeping the landmarks, geometry and anchors local', async () => {
    answer(analysis());
    const merged = await observerWith(localFor(bare)).observe(image);
    if (merged.kind !== 'palm') throw new Error('expected a palm');

    expect(merged.lines.heart).toEqual({
      seen: true,
      confidence: 0.7,
      length: 'long',
      curvature: 'curved',
      depth: 'deep',
      breaks: 0,
      anchor: bare.lines.heart.anchor,
    });
    expect(merged.lines.head).toMatchObject({
      seen: true,
      confidence: 0.6,
      depth: 'faint',
      curvature: 'straight',
    });
    // Not seen by the model, or seen too unsurely: as the crease scan left them.
    expect(merged.lines.fate).toEqual(bare.lines.fate);
    expect(merged.lines.sun).toEqual(bare.lines.sun);
    expect(merged.mounts.guru).toMatchObject({ prominence: 'full', confidence: 0.5 });
    expect(merged.mounts.chandra).toEqual(bare.mounts.chandra);
    expect(merged).toMatchObject({
      landmarks: bare.landmarks,
      outline: bare.outline,
      geometry: bare.geometry,
      side: bare.side,
      quality: bare.quality,
    });
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps a line the crease scan saw more surely than the model, trace and all', async () => {
    answer(analysis({ lines: [line('life', { length: 'short', depth: 'faint', confidence: 0.95 })] }));
    const merged = await observerWith(localFor(deep)).observe(image);
    expect(merged.kind === 'palm' && merged.lines.life).toEqual(deep.lines.life);
  });

  it('lets the rules read what the model saw, and no word of the model or its prompt reaches the reading', async () => {
    answer(analysis());
    const prompts = fixedPrompts({ main: 'main', visual: VISUAL_PROMPT, test: 'test' });
    const read = (observer: PalmObserver) =>
      new PalmReadingEngine(observer).read({ readingId: 'r1', image, submission: submission() });
    const local = await read(localFor(bare));
    const merged = await read(observerWith(localFor(bare), prompts));

    expect(local.visual_markers.map((marker) => marker.id)).not.toContain('line-heart');
    expect(merged.visual_markers.map((marker) => marker.id)).toContain('line-heart');
    const basis = (reading: typeof local) => reading.sections.flatMap((section) => section.basis);
    expect(basis(merged).some((tag) => /heart/i.test(tag))).toBe(true);
    expect(basis(local).some((tag) => /heart/i.test(tag))).toBe(false);
    expect(JSON.stringify(merged)).not.toContain(CANARY);
  });

  it.each([
    ['text that is not JSON', () => ({ text: 'The palm shows a long heart line.' })],
    ['JSON out of shape', () => ({ text: JSON.stringify({ ...analysis(), handPresent: 'yes' }) })],
    ['an error from the API', () => ({ status: 500 })],
  ])('reads from the local observation alone, saying so, on %s', async (_name, reply) => {
    stub.reply(reply);
    expect(await observerWith(localFor(bare)).observe(image)).toEqual(bare);
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/local observation/));
  });

  it('leaves the observation as it is when the model says there is no palm', async () => {
    answer(analysis({ handPresent: false }));
    expect(await observerWith(localFor(bare)).observe(image)).toEqual(bare);
  });

  it('does not ask the model about a photo the local gates refused', async () => {
    answer(analysis());
    expect(await observerWith(localFor(REFUSAL)).observe(image)).toEqual(REFUSAL);
    expect(stub.requests).toHaveLength(0);
  });

  it('uses the built-in visual prompt when the prompts cannot be read', async () => {
    answer(analysis());
    await observerWith(localFor(bare), {
      current: () => Promise.reject(new Error('prompt service down')),
    }).observe(image);
    expect(stub.requests[0]?.body.instructions).toBe(DEFAULT_VISUAL_PROMPT);
    expect(warn).toHaveBeenCalledWith(expect.anything(), expect.stringMatching(/built-in/));
  });
});
