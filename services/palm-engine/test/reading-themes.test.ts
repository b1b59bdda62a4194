import {
  PROFILE_TRAIT_CLASSES,
  PROFILE_TRAIT_IDS,
  type PalmProfile,
  type ReadingSection,
  type ReadingSubmission,
} from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import { composeReading, POLE_IN_PRACTICE, type ComposedReading } from '../src/narrator/local-narrator';
import { briefly } from '../src/narrator/palm-description';
import {
  contradictionsIn,
  inNumber,
  takesPlural,
  themeFamily,
  type ReadingStory,
} from '../src/narrator/reading-story';
import { FEATURE_THEMES } from '../src/narrator/theme-texts';
import type { LineName, PalmObservation } from '../src/palm-observation';
import type { PoleKey } from '../src/rules/assertions';
import { palmProfileOf } from '../src/profile/palm-profile';
import { interpret, PALM_RULES } from '../src/rules/interpret';
import { LINE_NAMES_IN_TEXT } from '../src/rules/vedic-names';
import { EVERY_TRAIT_RELIABLE } from './fixtures/every-trait-reliable';
import { buildObservation, FIXTURE_NAMES, HAND_SPECS, PALM_FIXTURES } from './fixtures/palm-observations';
import { ANSWER_SPREAD, answers } from './fixtures/questionnaire-answers';
import { GEOMETRY_TRAITS } from './fixtures/geometry-traits';

/**
 * A fixture hand with no mount estimated and a break in its life line: what a reading says of it
 * comes from the profile each test gives it alone.
 */
const EARTH = HAND_SPECS['earth-right-deep-lines'];
const PLAIN_HAND: PalmObservation = buildObservation({
  ...EARTH,
  mounts: {},
  lines: { ...EARTH.lines, life: { ...EARTH.lines.life, breaks: 1 } },
});
const NOTHING_STATED = Object.fromEntries(PROFILE_TRAIT_IDS.map((trait) => [trait, null])) as PalmProfile;

/** A hand whose photo settled only the given classes: every other trait null, no line seen. */
const sparse = (classes: Partial<Record<keyof PalmProfile, string>>): PalmProfile =>
  ({ ...NOTHING_STATED, handSide: 'right', ...classes }) as PalmProfile;

function read(
  observation: PalmObservation,
  profile: PalmProfile,
  submission: ReadingSubmission = answers(),
): ComposedReading {
  const fired = interpret(observation, submission, PALM_RULES, profile, []);
  return composeReading(fired, observation, submission, profile);
}

const fixtureReads = FIXTURE_NAMES.flatMap((name) =>
  Object.entries(ANSWER_SPREAD).map(([visitor, submission]) => ({
    name: `${name} × ${visitor}`,
    reading: read(PALM_FIXTURES[name], palmProfileOf(PALM_FIXTURES[name], EVERY_TRAIT_RELIABLE), submission),
  })),
);

/** Hands shaped like the sparse shared photos: two features read, no line or one. */
const SPARSE_HANDS: Record<string, PalmProfile> = {
  'long palm, short thumb': sparse({ palmShape: 'oblong', thumbLength: 'short' }),
  'long fingers, long little finger': sparse({ fingerLength: 'long', littleFinger: 'long' }),
  'long palm, index longer than ring': sparse({ palmShape: 'oblong', indexVsRing: 'index-longer' }),
  'long fingers, broken life line': sparse({
    fingerLength: 'long',
    lifeLine: 'seen',
    lifeLineBreaks: 'broken',
  }),
};

const featureKey = (features: readonly string[]) => [...features].sort().join(' | ');

/**
 * What makes one theme a twin of another: the same leaning told again over features the other
 * does not contain (a tie of two earlier themes' features restates their leanings, and only that).
 */
function twins(story: ReadingStory): string[] {
  const found: string[] = [];
  story.themes.forEach((theme, i) =>
    story.themes.slice(i + 1).forEach((other, k) => {
      const j = i + 1 + k;
      const shared = story.polesByTheme[i]!.filter((pole) => story.polesByTheme[j]!.includes(pole));
      const within = (a: readonly string[], b: readonly string[]) =>
        a.length < b.length && a.every((feature) => b.includes(feature));
      if (
        shared.length > 0 &&
        !within(theme.features, other.features) &&
        !within(other.features, theme.features)
      )
        found.push(`${theme.title} / ${other.title}: ${shared.join(', ')}`);
      if (
        featureKey(theme.features) === featureKey(other.features) &&
        !(theme.features.length === 1 && / also /.test(other.text))
      )
        found.push(`${theme.title} / ${other.title}: same features`);
    }),
  );
  return found;
}

const sentencesIn = (sections: readonly ReadingSection[]) =>
  sections
    .flatMap((s) => [...s.insights, s.content, s.details])
    .flatMap((text) => text.split(/(?<=[.!?…])\s+/))
    .filter(Boolean);

describe('the opening themes', () => {
  it('never tell one leaning twice, or tie the same features twice, on a hand that shows many', () => {
    for (const { name, reading } of fixtureReads) {
      const { story } = reading;
      const poles = story.polesByTheme.flat();
      expect(poles.length, name).toBe(new Set(poles).size);
      expect(new Set(story.themes.map((theme) => featureKey(theme.features))).size, name).toBe(
        story.themes.length,
      );
    }
  });

  it('name the leaning as this hand’s leading feature shows it, so strangers with one leaning read different titles', () => {
    const viaThumb = read(PLAIN_HAND, sparse({ thumbAngle: 'wide', palmShape: 'oblong' })).story;
    const viaLittleFinger = read(PLAIN_HAND, sparse({ littleFinger: 'long', palmShape: 'oblong' })).story;
    const openTitle = (story: ReadingStory) =>
      story.themes.find((_, at) => story.polesByTheme[at]!.includes('sociability:open'))?.title;
    expect(openTitle(viaThumb)).toBeDefined();
    expect(openTitle(viaLittleFinger)).toBeDefined();
    expect(openTitle(viaThumb)).not.toBe(openTitle(viaLittleFinger));

    expect(themeFamily('handType', { handType: 'water' })).toBe('element.water');
    expect(themeFamily('head.curvature+headStart', { handType: null })).toBe('head');
    expect(themeFamily('headStart', { handType: null })).toBe('head');
    expect(themeFamily('thumbAngle', { handType: null })).toBe('thumb');
    expect(themeFamily('littleFinger', { handType: null })).toBe('little');
    expect(themeFamily('mount.guru', { handType: null })).toBe('mount');
  });

  it('say in a theme’s sentence what its feature’s title names: no “A way with words” told as “a welcoming nature”', () => {
    // A title's words of four letters or more, by their stem ("Planned ambition" → plann, ambit).
    const stems = (text: string) =>
      (text.toLowerCase().match(/[a-z]{4,}/g) ?? []).map((word) => word.slice(0, 5));
    let told = 0;
    for (const [pole, families] of Object.entries(FEATURE_THEMES))
      for (const [family, theme] of Object.entries(families)) {
        for (const text of theme!.texts) {
          told++;
          const sentence = text('Your hand');
          expect(
            stems(theme!.title).some((stem) => stems(sentence).some((word) => word.startsWith(stem))),
            `${pole} ${family} “${theme!.title}”: ${sentence}`,
          ).toBe(true);
        }
      }
    expect(told).toBeGreaterThan(60);
  });

  it('leave naming the hand’s parts to the features they tie: no “your ring finger … speaks of the ring finger’s daring”', () => {
    for (const [pole, families] of Object.entries(FEATURE_THEMES))
      for (const [family, theme] of Object.entries(families))
        for (const text of theme!.texts) {
          const own = `${theme!.title} | ${text('Your hand').replace(/^Your hand /, '')}`;
          expect(own, `${pole} ${family}`).not.toMatch(/\b(?:fingers?|thumbs?|palms?|lines?)\b/i);
        }
  });

  it.each(Object.keys(SPARSE_HANDS))(
    'open with three themes on a hand whose photo showed two features (%s), each saying something of its own',
    (hand) => {
      const { themes, story, sections } = read(PLAIN_HAND, SPARSE_HANDS[hand]!);
      expect(themes.map((theme) => theme.title)).toHaveLength(3);
      expect(new Set(themes.map((theme) => theme.title)).size).toBe(3);
      expect(twins(story)).toEqual([]);
      expect(contradictionsIn(story)).toEqual([]);
      // The reading says at its start that it rests on the features it could read, by name.
      const features = [...new Set(themes.flatMap((theme) => theme.features))];
      expect(features).toHaveLength(2);
      const opening = sections[0]!.content;
      expect(opening).toMatch(/rests on|let us read/);
      // A line described in full by the themes is named plainly after them ("your life line").
      for (const feature of features)
        expect(opening.includes(feature) || opening.includes(briefly(feature)), feature).toBe(true);
    },
  );

  it('over every hand showing just two traits, never contradict, repeat a title or tell a leaning twice', () => {
    const classes = GEOMETRY_TRAITS.flatMap((trait) =>
      PROFILE_TRAIT_CLASSES[trait].map((c) => [trait, c] as const),
    );
    let hands = 0;
    let threeOrMore = 0;
    for (const [i, [a, classA]] of classes.entries())
      for (const [b, classB] of classes.slice(i + 1)) {
        if (a === b) continue;
        const { story } = read(PLAIN_HAND, sparse({ [a]: classA, [b]: classB }));
        const name = `${a}: ${classA}, ${b}: ${classB}`;
        expect(contradictionsIn(story), name).toEqual([]);
        expect(new Set(story.themes.map((theme) => theme.title)).size, name).toBe(story.themes.length);
        expect(twins(story), name).toEqual([]);
        expect(story.themes.length, name).toBeLessThanOrEqual(5);
        hands++;
        if (story.themes.length >= 3) threeOrMore++;
      }
    expect(hands).toBe(432);
    // Most two-trait hands still open with three themes; the rest show one feature that speaks
    // (an element alone, with a palm of even proportions), and a reading does not invent more.
    expect(threeOrMore / hands).toBeGreaterThan(0.6);
  });

  it('over hands showing three traits, tie two features in every theme but at most one, and never contradict', () => {
    let hands = 0;
    let allTied = 0;
    GEOMETRY_TRAITS.forEach((a, i) =>
      GEOMETRY_TRAITS.slice(i + 1).forEach((b, j) =>
        GEOMETRY_TRAITS.slice(i + j + 2).forEach((c) => {
          // One end of every trait's classes, the other for the next hand: the classes that lean.
          const end = hands % 2 === 0 ? 0 : -1;
          const classes = Object.fromEntries(
            [a, b, c].map((trait) => [trait, PROFILE_TRAIT_CLASSES[trait].at(end)!]),
          );
          const { story } = read(PLAIN_HAND, sparse(classes));
          const name = JSON.stringify(classes);
          expect(contradictionsIn(story), name).toEqual([]);
          expect(twins(story), name).toEqual([]);
          expect(story.themes.length, name).toBe(3);
          const alone = story.themes.filter((theme) => theme.features.length < 2).length;
          expect(alone, name).toBeLessThanOrEqual(1);
          hands++;
          if (alone === 0) allTied++;
        }),
      ),
    );
    expect(hands).toBe(120);
    // One theme stands alone only where the three features take three leanings, one each (the
    // first theme ties two of them, the next adds the third beside one, and none is left new), or
    // where two of them pull against each other: that axis is told as the pull, never as one side
    // two features might have tied (a long little finger and a water hand, both open, beside a long
    // middle finger's reserve).
    expect(allTied / hands).toBeGreaterThan(0.6);
  });

  it('open a re-take that shows one feature fewer without turning a leaning the other way', () => {
    // A hand showing three traits, and the same hand photographed again with one of them left
    // unstated: a pull both ways is told as a pull, so the feature that comes or goes cannot turn
    // "An open door" into "A private heart". Before pulls were told both ways: 111 of these 720 pairs.
    const opening = (classes: Partial<Record<keyof PalmProfile, string>>) =>
      read(PLAIN_HAND, sparse(classes)).story.themePoles;
    let pairs = 0;
    let turned = 0;
    GEOMETRY_TRAITS.forEach((a, i) =>
      GEOMETRY_TRAITS.slice(i + 1).forEach((b, j) =>
        GEOMETRY_TRAITS.slice(i + j + 2).forEach((c) => {
          for (const end of [0, -1]) {
            const classes = Object.fromEntries(
              [a, b, c].map((trait) => [trait, PROFILE_TRAIT_CLASSES[trait].at(end)!]),
            );
            const whole = opening(classes);
            for (const left of [a, b, c]) {
              const retake = opening(Object.fromEntries(Object.entries(classes).filter(([t]) => t !== left)));
              pairs++;
              const axis = (pole: PoleKey) => pole.split(':')[0];
              if (whole.some((pole) => retake.some((other) => other !== pole && axis(other) === axis(pole))))
                turned++;
            }
          }
        }),
      ),
    );
    expect(pairs).toBe(720);
    expect(turned / pairs).toBeLessThan(0.01);
  });

  it('add a leaning beside a feature an earlier theme read, crediting it only to the feature that shows it', () => {
    const { story } = read(
      PLAIN_HAND,
      sparse({ thumbLength: 'short', littleFinger: 'long', palmShape: 'oblong' }),
    );
    expect(story.themes.filter((theme) => theme.features.length < 2)).toHaveLength(1);
    const added = story.themes.flatMap((theme, at) => {
      const poles = story.polesByTheme[at]!;
      return theme.features.length === 2 && poles.length === 1 ? [{ theme, pole: poles[0]! }] : [];
    });
    expect(added.length).toBeGreaterThan(0);
    for (const { theme, pole } of added) {
      const [feature, anchor] = theme.features as [string, string];
      expect(story.featuresByPole[pole]).toContain(feature);
      expect(story.featuresByPole[pole] ?? []).not.toContain(anchor);
      // The earlier feature is referred to by what an earlier theme read it for, not read again.
      const earlier = story.themes.slice(0, story.themes.indexOf(theme));
      expect(
        earlier.some((other) => other.features.includes(anchor)),
        theme.text,
      ).toBe(true);
      expect(theme.text).toMatch(/(?:^Beside|adds \w+(?: \w+)* to) the \w+(?: \w+)? in your /);
    }
  });
});

describe('where the sections tell the story', () => {
  it('never point a section to itself for what another section read', () => {
    const hands = [
      ...fixtureReads,
      ...Object.entries(SPARSE_HANDS).map(([name, profile]) => ({
        name,
        reading: read(PLAIN_HAND, profile),
      })),
      ...['short', 'long'].map((littleFinger) => ({
        name: `little finger ${littleFinger}, long thumb opening wide, heart line seen`,
        reading: read(
          PLAIN_HAND,
          sparse({ littleFinger, thumbLength: 'long', thumbAngle: 'wide', heartLine: 'seen' }),
        ),
      })),
    ];
    let pointed = 0;
    for (const { name, reading } of hands)
      for (const section of reading.sections) {
        const text = [...section.insights, section.content, section.details].join(' ');
        expect(text, `${name}: ${section.title}`).not.toContain(`read under ${section.title}`);
        if (/read under /.test(text)) pointed++;
      }
    expect(pointed).toBeGreaterThan(0);
  });

  it('say what a feature read elsewhere means here only of the features that lean that way', () => {
    const practices = Object.entries(POLE_IN_PRACTICE) as [PoleKey, string][];
    const hands = [
      ...fixtureReads.map(({ name, reading }) => ({ name, reading })),
      ...Object.entries(SPARSE_HANDS).map(([name, profile]) => ({
        name,
        reading: read(PLAIN_HAND, profile),
      })),
      {
        name: 'long thumb, ring longer, long fingers',
        reading: read(
          PLAIN_HAND,
          sparse({ thumbLength: 'long', indexVsRing: 'ring-longer', fingerLength: 'long' }),
        ),
      },
    ];
    let said = 0;
    for (const { name, reading } of hands)
      for (const sentence of sentencesIn(reading.sections)) {
        const referred = /^(.+), read under .+, (?:has|have) a say in .+ as well: (.+)\.$/.exec(sentence);
        if (!referred) continue;
        const pole = practices.find(([, practice]) => practice === referred[2])?.[0];
        expect(pole, sentence).toBeDefined();
        const leaning = (reading.story.featuresByPole[pole!] ?? []).map(briefly);
        for (const feature of referred[1]!.split(/,? and (?=your )|, (?=your )/))
          expect(leaning, `${name}: ${sentence}`).toContain(briefly(feature.replace(/^Your/, 'your')));
        said++;
      }
    expect(said).toBeGreaterThan(0);
  });

  it('say a pull between open and reserved under Love, whichever section read its stronger side', () => {
    let pulls = 0;
    const classes = (trait: 'littleFinger' | 'thumbAngle' | 'fingerLength' | 'heartLineEnd') =>
      (PROFILE_TRAIT_CLASSES as Record<string, readonly string[]>)[trait]!;
    for (const little of classes('littleFinger'))
      for (const angle of classes('thumbAngle'))
        for (const fingers of classes('fingerLength')) {
          const profile = sparse({ littleFinger: little, thumbAngle: angle, fingerLength: fingers });
          const { story, sections } = read(PLAIN_HAND, profile);
          for (const tension of story.tensions.filter((t) => t.axis === 'sociability')) {
            pulls++;
            expect(tension.area).toBe('love');
            if (tension.themed) continue;
            const love = sections.find((s) => s.area === 'love')!;
            // A pull only the findings that fired show, not those the sections state, is a theme's or nobody's.
            if (tension.themeOnly) {
              expect(JSON.stringify(sections)).not.toContain(tension.sentence);
              continue;
            }
            // Its features may be named briefly there, the reading having described them already.
            const [first, second] = tension.features.map((words) => words.toLowerCase());
            const sentence = tension.sentence.toLowerCase();
            const briefer = sentence.replace(first!, briefly(first!)).replace(second!, briefly(second!));
            const text = (love.content + love.details).toLowerCase();
            expect(text.includes(sentence) || text.includes(briefer), tension.sentence).toBe(true);
          }
        }
    expect(pulls).toBeGreaterThan(0);
  });

  it('credit a leaning only to the feature that shows it, where a theme ties two leanings', () => {
    const married = answers({ maritalStatus: 'married', given: ['maritalStatus'] });
    const profile = sparse({
      heartLine: 'seen',
      heartLineLength: 'long',
      headLine: 'seen',
      headLineLength: 'long',
    });
    const { story, sections } = read(PLAIN_HAND, profile, married);
    // Openness from the heart line, imagination from the head line, tied in one theme.
    const tie = story.themes.findIndex(
      (_, at) =>
        story.polesByTheme[at]!.includes('sociability:open') &&
        story.polesByTheme[at]!.includes('mind:imaginative'),
    );
    expect(tie).toBeGreaterThanOrEqual(0);
    const note = sentencesIn(sections).find((sentence) => /\bmarried\b/.test(sentence));
    expect(note).toMatch(/openness of your (?:long )?heart line/);
    expect(note).not.toMatch(/head line/);
  });

  it('never open a section with a theme named bare, as a heading said as a sentence', () => {
    for (const { name, reading } of fixtureReads) {
      const titles = reading.themes.map((theme) => `“${theme.title}”`);
      for (const insight of reading.sections.flatMap((s) => s.insights)) {
        expect(insight, name).not.toMatch(/^This part of life carries the thread/);
        // A key point that points to a theme names the features of this hand that carry it.
        if (titles.some((title) => insight.includes(title))) expect(insight, name).toMatch(/\byour\b/);
      }
    }
  });

  it('say what a line is read for where they first name it, seen or not', () => {
    const meaning: Partial<Record<LineName, RegExp>> = {
      heart: /feeling/,
      head: /think|thought/,
      life: /vitality/,
      fate: /work and duty/,
    };
    const reads = [
      ...fixtureReads,
      ...Object.entries(SPARSE_HANDS).map(([name, profile]) => ({
        name,
        reading: read(PLAIN_HAND, profile),
      })),
    ];
    for (const { name, reading } of reads)
      for (const [line, means] of Object.entries(meaning)) {
        const vedic = LINE_NAMES_IN_TEXT[line as LineName].split(' (')[0]!;
        const first = sentencesIn(reading.sections).find((sentence) => sentence.includes(vedic));
        if (first) expect(first, `${name}: ${line}`).toMatch(means);
      }
  });

  it('say once what a clearer photo would add, and only where a line every hand has went unseen', () => {
    const advice = /daylight/;
    for (const [name, profile] of Object.entries(SPARSE_HANDS)) {
      const said = sentencesIn(read(PLAIN_HAND, profile).sections).filter((s) => advice.test(s));
      expect(said, name).toHaveLength(1);
    }
    // Every line but the fate line seen: a fate line may simply be faint, so no photo advice.
    const seen = read(
      PLAIN_HAND,
      sparse({
        fingerLength: 'long',
        heartLine: 'seen',
        headLine: 'seen',
        lifeLine: 'seen',
        heartLineBreaks: 'unbroken',
        headLineBreaks: 'unbroken',
        lifeLineBreaks: 'unbroken',
      }),
    );
    expect(sentencesIn(seen.sections).filter((s) => advice.test(s))).toEqual([]);
    for (const { name, reading } of fixtureReads)
      expect(sentencesIn(reading.sections).filter((s) => advice.test(s)).length, name).toBeLessThanOrEqual(1);
  });
});

describe('the number of a feature', () => {
  it('is plural for several features or fingers and creases, singular for one finger, thumb, palm or line', () => {
    expect(takesPlural('your very long fingers')).toBe(true);
    expect(takesPlural('your fingers on the long side')).toBe(true);
    expect(takesPlural('your thumb and your long fingers')).toBe(true);
    expect(takesPlural('your index finger longer than the ring')).toBe(false);
    expect(takesPlural('your little finger that rises past the ring finger’s top joint')).toBe(false);
    expect(takesPlural('your long, gently curved heart line')).toBe(false);
    expect(takesPlural('your Jal (water) hand')).toBe(false);
    expect(inNumber('speak', false)).toBe('speaks');
    expect(inNumber('carry', false)).toBe('carries');
    expect(inNumber('are', false)).toBe('is');
    expect(inNumber('say', true)).toBe('say');
  });
});
