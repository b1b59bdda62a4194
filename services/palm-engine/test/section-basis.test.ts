import { PROFILE_TRAIT_IDS, type ReadingSubmission } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import { lineSeen } from '../src/narrator/how-we-read';
import { basisFaults, lineTag } from '../src/narrator/section-basis';
import { NOTHING_READ_SUBTITLE } from '../src/narrator/section-subtitle';
import { briefly, featureWords, HAND_FEATURES, type HandFeature } from '../src/narrator/palm-description';
import type { PalmObservation } from '../src/palm-observation';
import { palmProfileOf } from '../src/profile/palm-profile';
import { profiledObservation } from '../src/profile/profiled-lines';
import type { TraitReliabilityTable } from '../src/profile/trait-reliability';
import { interpret, PALM_RULES } from '../src/rules/interpret';
import { traitsFromProfile } from '../src/rules/palm-traits';
import { EVERY_TRAIT_RELIABLE } from './fixtures/every-trait-reliable';
import { FIXTURE_NAMES, PALM_FIXTURES } from './fixtures/palm-observations';
import { ANSWER_SPREAD, answers } from './fixtures/questionnaire-answers';
import { accountLocally, type AccountedSection } from './support/read-locally';
import { linesNamedIn } from './support/reading-text';

const LINES = new Set<string>(['heart', 'head', 'life', 'fate', 'sun', 'marriage']);

/** Where what the prose names (lines and the element) and what the narrator reports it read disagree. */
function proseDisagreements(
  { section, reads }: AccountedSection,
  themes: Parameters<typeof linesNamedIn>[1],
  palm: PalmObservation,
): string[] {
  const named = linesNamedIn(section, themes).filter(
    (feature) => !LINES.has(feature) || lineSeen(palm, feature as 'heart'),
  );
  const reported = reads.filter((feature) => LINES.has(feature) || feature === 'handType');
  return [
    ...named
      .filter((feature) => !reads.includes(feature as HandFeature))
      .map((f) => `names ${f}, not reported`),
    ...reported.filter((feature) => !named.includes(feature)).map((f) => `reports ${f}, not named`),
  ];
}

/** A reliability table that states only some traits: a photo that showed little. */
const stating = (prefixes: readonly string[]): TraitReliabilityTable => ({
  ...EVERY_TRAIT_RELIABLE,
  traits: Object.fromEntries(
    PROFILE_TRAIT_IDS.filter((id) => prefixes.some((prefix) => id.startsWith(prefix))).map((id) => [
      id,
      EVERY_TRAIT_RELIABLE.traits[id]!,
    ]),
  ),
});
const SPARSE = stating(['fingerLength', 'heartLine', 'lifeLine']);

const everyReading = function* (table?: TraitReliabilityTable) {
  for (const name of FIXTURE_NAMES)
    for (const [visitor, submission] of Object.entries(ANSWER_SPREAD))
      yield { where: `${name} × ${visitor}`, ...accountLocally(PALM_FIXTURES[name], submission, { table }) };
};

describe('section headers and basis tags', () => {
  it('name exactly what each section’s text reads or leans on, for every palm and visitor, the Timeline too', () => {
    let sections = 0;
    for (const table of [undefined, SPARSE])
      for (const { where, sections: read } of everyReading(table))
        for (const { section, reads, faults } of read) {
          sections++;
          expect(
            faults,
            `${where}, ${section.area}: ${section.subtitle} ${JSON.stringify(section.basis)}`,
          ).toEqual([]);
          expect(reads.length, `${where}, ${section.area} reads nothing`).toBeGreaterThan(0);
          expect(section.basis.length, `${where}, ${section.area}`).toBeGreaterThan(0);
          // The report cuts a tag past 30 characters: none needs cutting.
          for (const tag of section.basis) expect(tag.length, tag).toBeLessThanOrEqual(30);
        }
    expect(sections).toBeGreaterThan(FIXTURE_NAMES.length * 5 * 2);
  });

  it('are told what the text names: every line and element a section’s words name, it reports, and no other', () => {
    for (const table of [undefined, SPARSE])
      for (const { where, sections, themes, palm } of everyReading(table))
        for (const accounted of sections)
          expect(proseDisagreements(accounted, themes, palm), `${where}, ${accounted.section.area}`).toEqual(
            [],
          );
  });

  it('tag a section that leans on a feature read elsewhere with that feature, and say "the hand as a whole" nowhere', () => {
    let leaning = 0;
    for (const { where, sections } of everyReading(SPARSE)) {
      const own = new Map(sections.map(({ section }) => [section.area, new Set(section.basis)] as const));
      for (const { section, reads } of sections) {
        expect(section.subtitle, where).not.toMatch(/hand as a whole/i);
        // A tag shown in two sections is one feature: read in one, leaned on in the other.
        for (const tag of section.basis)
          if ([...own].some(([area, tags]) => area !== section.area && tags.has(tag))) leaning++;
        expect(reads.length, where).toBeGreaterThan(0);
      }
    }
    expect(leaning, 'tags of a feature a section leans on rather than reads itself').toBeGreaterThan(0);
  });

  it('open a sparse reading by naming exactly the features it then reads', () => {
    let opened = 0;
    for (const { where, sections } of everyReading(SPARSE)) {
      const sentence = /(?:This photo let us read|Most of what follows rests on)[^.]*\./.exec(
        sections[0]!.section.content,
      )?.[0];
      if (!sentence) continue;
      opened++;
      const name = where.split(' × ')[0] as (typeof FIXTURE_NAMES)[number];
      const observation = PALM_FIXTURES[name];
      const profile = palmProfileOf(observation, SPARSE);
      const traits = traitsFromProfile(profile, observation);
      const palm = profiledObservation(profile, observation);
      const read = new Set([
        ...sections.filter(({ section }) => section.area !== 'timeline').flatMap(({ reads }) => reads),
      ]);
      for (const feature of HAND_FEATURES) {
        const words = featureWords(feature, traits, palm);
        if (words) expect(sentence.includes(briefly(words)), `${where}: ${feature}`).toBe(read.has(feature));
      }
    }
    expect(opened, 'sparse readings that open by saying what they rest on').toBeGreaterThan(0);
  });
});

describe('basisFaults', () => {
  const observation = PALM_FIXTURES['air-left-sloping-head'];
  const submission: ReadingSubmission = answers();
  const profile = palmProfileOf(observation, EVERY_TRAIT_RELIABLE);
  const fired = interpret(observation, submission, PALM_RULES, profile, []);
  const checked = {
    fired,
    traits: traitsFromProfile(profile, observation),
    observation: profiledObservation(profile, observation),
  };
  const heart = fired.find((finding) => finding.reads.every((read) => read.startsWith('heart.')))!;
  const fingers = fired.find((finding) => finding.reads.join() === 'fingers')!;

  it('finds nothing wrong where header, tags and text agree', () => {
    expect(
      basisFaults(
        { subtitle: 'Hridaya rekha and finger length', basis: [heart.basis, fingers.basis] },
        ['heart', 'fingers'],
        checked,
      ),
    ).toEqual([]);
  });

  it('flags a feature the text reads that no tag names: the empty basis of before', () => {
    expect(
      basisFaults({ subtitle: 'The hand as a whole', basis: [] }, ['heart', 'fingers'], checked),
    ).toEqual([
      'the text reads heart, which no tag names',
      'the text reads fingers, which no tag names',
      'the subtitle names none of what the text reads',
    ]);
  });

  it('flags a tag or a subtitle naming what the text does not read', () => {
    expect(
      basisFaults(
        { subtitle: 'Hridaya rekha · finger length', basis: [heart.basis, fingers.basis] },
        ['heart'],
        checked,
      ),
    ).toEqual([
      `tag “${fingers.basis}” names fingers, which the text does not read`,
      'the subtitle names finger length, which the text does not read',
    ]);
    expect(basisFaults({ subtitle: 'Shukra parvat', basis: [heart.basis] }, ['heart'], checked)).toContain(
      'the subtitle names Shukra parvat, which the text does not read',
    );
  });

  it('lets only a section that reads nothing say so in its header', () => {
    expect(basisFaults({ subtitle: NOTHING_READ_SUBTITLE, basis: [] }, [], checked)).toEqual([]);
    expect(basisFaults({ subtitle: 'The hand as a whole', basis: [] }, [], checked)).toEqual([
      'the subtitle names a reading where the text reads nothing of this palm',
    ]);
  });
});

describe('lineTag', () => {
  it('names a line by the classes it was read with, as many as fit the spec’s 30 characters', () => {
    expect(lineTag('life', ['broken'])).toBe('Life line: broken');
    expect(lineTag('heart', ['gently curved', 'unbroken'])).toBe('Heart line: gently curved');
    expect(lineTag('head', ['long', 'straight', 'unbroken'])).toBe('Head line: long, straight');
    expect(lineTag('heart', ['long-reaching and then some more'])).toBe(
      'Heart line: long-reaching and then some more',
    );
    expect(lineTag('fate', [])).toBe('Fate line seen');
  });
});
