import { VEDIC_FINGERS, VEDIC_LINES, VEDIC_MOUNTS, VEDIC_TATTVAS } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import { readLocally } from './support/read-locally';
import { LINE_LABELS, LINE_NAMES_IN_TEXT, MOUNT_LABELS, TATTVA_LABELS } from '../src/rules/vedic-names';
import { FIXTURE_NAMES, PALM_FIXTURES } from './fixtures/palm-observations';
import { ANSWER_SPREAD } from './fixtures/questionnaire-answers';
import { allText } from './support/reading-text';

const GLOSSARY = new Set(
  [VEDIC_LINES, VEDIC_MOUNTS, VEDIC_FINGERS].flatMap((terms: Record<string, { vedic: string }>) =>
    Object.values(terms).map((term) => term.vedic),
  ),
);
/** A second name the money rules give the head line, introduced as such ("in Samudrika also …"). */
const SYNONYMS = new Set(['Dhana rekha']);

describe('the engine speaks the one glossary', () => {
  it('builds its tag, marker and in-sentence names from it', () => {
    expect(LINE_LABELS.head).toBe(`${VEDIC_LINES.head.vedic} · ${VEDIC_LINES.head.english}`);
    expect(LINE_NAMES_IN_TEXT.heart).toBe(`${VEDIC_LINES.heart.vedic} (heart line)`);
    expect(MOUNT_LABELS.mangal_inner).toBe('Mangal parvat · inner Mount of Mars');
    expect(TATTVA_LABELS.water).toBe(`${VEDIC_TATTVAS.water.vedic} (water)`);
  });

  it('names every line, mount and finger in its readings only as the glossary spells it', async () => {
    const named = new Set<string>();
    for (const name of FIXTURE_NAMES) {
      for (const submission of Object.values(ANSWER_SPREAD)) {
        const observation = PALM_FIXTURES[name];
        const text = allText(await readLocally(observation, submission));
        expect(text).not.toMatch(/\b(Rekha|Parvat|Anguli|Mastishka)\b/);
        for (const [term] of text.matchAll(/\b[A-Z][a-z]+ (?:rekha|parvat|kshetra|anguli)\b/g))
          named.add(term);
      }
    }
    const unknown = [...named].filter((term) => !GLOSSARY.has(term) && !SYNONYMS.has(term));
    expect(unknown).toEqual([]);
    expect(named.size).toBeGreaterThan(8);
  });
});
