import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LIFE_AREAS } from '@palm/contracts';
import { createReadingEngines } from '../src/create-engine';
import { RETAKE_MESSAGES } from '../src/observer';
import { fixedPrompts } from '../src/prompt-source';
import { UnreadablePhotoError } from '../src/reading-engine';
import { normalisePalmPhoto } from '@palm/palm-photo';
import { PALMS_DIR, readPalm } from '../../../tests/support/palm-photos';
import { submission } from '../../../tests/support/palm-fixtures';

const host = { logger: { info: () => undefined, warn: () => undefined } };
const prompts = fixedPrompts({ main: 'main', visual: 'visual', test: 'test' });
const NOT_A_PALM = path.join(PALMS_DIR, 'not-palm/neg_08_vh_background.jpg');

describe('createReadingEngines', () => {
  it('reads with the palm engine and the local narrator without OPENAI_API_KEY', async () => {
    const engines = await createReadingEngines(
      { OPENAI_API_KEY: undefined, OPENAI_BASE_URL: undefined, OPENAI_MODEL: 'm' },
      host,
      prompts,
    );
    expect(engines.engine.name).toBe('palm-local');
    expect(engines.usesPrompts).toBe(false);
    expect(engines.engineFor('test')).toBe(engines.engine);

    const palm = await engines.engine.read({
      readingId: 'r1',
      image: await normalisePalmPhoto(readPalm()),
      submission: submission(),
    });
    expect(palm.sections.map((section) => section.area).sort()).toEqual([...LIFE_AREAS].sort());

    const notPalm = engines.engine.read({
      readingId: 'r2',
      image: await normalisePalmPhoto(readFileSync(NOT_A_PALM)),
      submission: submission(),
    });
    await expect(notPalm).rejects.toBeInstanceOf(UnreadablePhotoError);
    await expect(notPalm).rejects.toThrow(RETAKE_MESSAGES.no_hand);
  });

  it('words readings with the OpenAI narrator when OPENAI_API_KEY is set, the test prompt on its own engine', async () => {
    const engines = await createReadingEngines(
      { OPENAI_API_KEY: 'sk-x', OPENAI_BASE_URL: undefined, OPENAI_MODEL: 'm' },
      host,
      prompts,
    );
    expect(engines.engine.name).toBe('palm-openai');
    expect(engines.usesPrompts).toBe(true);
    expect(engines.engineFor('main')).toBe(engines.engine);
    expect(engines.engineFor('test')).not.toBe(engines.engine);
    expect(engines.engineFor('test').name).toBe('palm-openai');
  });
});
