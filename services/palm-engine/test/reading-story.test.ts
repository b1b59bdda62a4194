import { PROFILE_TRAIT_CLASSES, type PalmProfile, type ReadingResult } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import { readLocally } from './support/read-locally';
import { briefly } from '../src/narrator/palm-description';
import { phraseChooserFor } from '../src/narrator/phrase-chooser';
import { contradictionsIn, settleAssertions, tellStory } from '../src/narrator/reading-story';
import type { LineObservation, MountName } from '../src/palm-observation';
import { palmProfileOf } from '../src/profile/palm-profile';
import { profiledObservation } from '../src/profile/profiled-lines';
import { ASSERTION_AXES, AXES, opposingAxes, polesOf } from '../src/rules/assertions';
import { interpret, oneAreaPerFeature, PALM_RULES } from '../src/rules/interpret';
import { byStrength, type Finding, type PalmRule, type RuleContext } from '../src/rules/palm-rule';
import { traitsFromProfile } from '../src/rules/palm-traits';
import { EVERY_TRAIT_RELIABLE } from './fixtures/every-trait-reliable';
import { FIXTURE_NAMES, PALM_FIXTURES } from './fixtures/palm-observations';
import { GEOMETRY_TRAITS as TRAITS } from './fixtures/geometry-traits';
import { answers } from './fixtures/questionnaire-answers';

/** A line's classes, every combination of them, and "not seen". */
const lineStates = (prefix: 'heart' | 'head' | 'life' | 'fate') => {
  const classes = (attribute: string) =>
    (PROFILE_TRAIT_CLASSES as Record<string, readonly string[]>)[`${prefix}Line${attribute}`] ?? [null];
  const states: Partial<PalmProfile>[] = [{ [`${prefix}Line`]: null }];
  for (const length of classes('Length'))
    for (const curve of classes('Curve'))
      for (const depth of classes('Depth'))
        for (const breaks of classes('Breaks'))
          states.push({
            [`${prefix}Line`]: 'seen',
            [`${prefix}LineLength`]: length,
            ...(prefix === 'fate' ? {} : { [`${prefix}LineCurve`]: curve }),
            [`${prefix}LineDepth`]: depth,
            [`${prefix}LineBreaks`]: breaks,
          });
  return states;
};
const LINE_STATES = (['heart', 'head', 'life', 'fate'] as const).map(lineStates);
const MOUNT_STATES = ['full', 'flat', undefined] as const;

const MOUNTS: readonly MountName[] = [
  'shukra',
  'guru',
  'shani',
  'budh',
  'surya',
  'chandra',
  'mangal_inner',
  'mangal_outer',
  'rahu',
];

/** Every combination of the trait classes, in order: the odometer over TRAITS. */
function* traitCombinations(): Generator<Partial<PalmProfile>> {
  const sizes = TRAITS.map((trait) => PROFILE_TRAIT_CLASSES[trait].length);
  const index = sizes.map(() => 0);
  for (;;) {
    yield Object.fromEntries(TRAITS.map((trait, i) => [trait, PROFILE_TRAIT_CLASSES[trait][index[i]!]]));
    let digit = 0;
    while (digit < sizes.length && ++index[digit]! === sizes[digit]) index[digit++] = 0;
    if (digit === sizes.length) return;
  }
}

const base = PALM_FIXTURES['earth-right-deep-lines'];
const BASE_PROFILE = palmProfileOf(base, EVERY_TRAIT_RELIABLE);
const ASSERTING = PALM_RULES.filter((rule) => rule.asserts);
const STRIDES = [1, 7, 13, 5];

/** What a rule's condition reads, probed once on a hand where every line and mount shows. */
function featuresReadBy(rule: PalmRule): string[] {
  const read = new Set<string>();
  const fullLine: LineObservation = {
    seen: true,
    confidence: 0.9,
    anchor: { x: 0, y: 0 },
    length: 'long',
    curvature: 'curved',
    depth: 'deep',
    breaks: 0,
  };
  rule.when({
    observation: base,
    traits: new Proxy(traitsFromProfile(BASE_PROFILE, base), {
      get: (target, key, receiver) => {
        if (typeof key === 'string') read.add(key === 'ringMuchLonger' ? 'indexVsRing' : key);
        return Reflect.get(target, key, receiver) as unknown;
      },
    }),
    line: (name) =>
      new Proxy(fullLine, {
        get: (target, key, receiver) => {
          if (typeof key === 'string') read.add(`${name}.${key}`);
          return Reflect.get(target, key, receiver) as unknown;
        },
      }),
    mount: (name) => {
      read.add(`mount.${name}`);
      return 'full';
    },
  });
  return [...read];
}
const READS = new Map(ASSERTING.map((rule) => [rule, featuresReadBy(rule)]));

/**
 * The asserting rules that fire on a profile, as findings, strongest first: each rule's own
 * condition on the profile's classes and the given mounts, with interpret's scoring.
 */
function firedOn(profile: PalmProfile, mounts: (mount: MountName) => 'full' | 'flat' | undefined): Finding[] {
  const observation = profiledObservation(profile, base);
  const traits = traitsFromProfile(profile, base);
  const context: RuleContext = {
    observation,
    traits,
    line: (name) => (observation.lines[name].seen ? observation.lines[name] : undefined),
    mount: mounts,
  };
  return ASSERTING.filter((rule) => rule.when(context))
    .map((rule) => ({
      ruleId: rule.id,
      area: rule.area,
      weight: rule.weight,
      confidence: 0.9,
      score: rule.weight * 0.9,
      basis: rule.basis,
      evidence: rule.evidence,
      measured: [],
      reads: READS.get(rule)!,
      phrasings: [],
      asserts: rule.asserts!,
    }))
    .sort(byStrength);
}

describe('one story: no reading states both poles of an assertion axis', () => {
  it('declares assertions only on the known axes, and on every axis from several rules of both poles', () => {
    for (const rule of ASSERTING)
      for (const [axis, pole] of Object.entries(rule.asserts!))
        expect(ASSERTION_AXES[axis as keyof typeof ASSERTION_AXES], rule.id).toContain(pole);
    for (const axis of AXES)
      for (const pole of ASSERTION_AXES[axis])
        expect(
          ASSERTING.filter((rule) => rule.asserts?.[axis] === pole).length,
          `${axis}:${pole}`,
        ).toBeGreaterThan(1);
  });

  it('finds opposing assertions where they are', () => {
    expect(opposingAxes([{ sociability: 'open' }, { sociability: 'reserved', pace: 'steady' }])).toEqual([
      'sociability',
    ]);
    expect(opposingAxes([{ sociability: 'open' }, { pace: 'steady' }, { sociability: 'open' }])).toEqual([]);
  });

  it('holds for every combination of trait classes, each with the lines’ and mounts’ classes cycling through all their values', () => {
    let combinations = 0;
    let tensions = 0;
    let bothWays = 0;
    for (const traits of traitCombinations()) {
      // Each line and mount steps through its states at its own stride, so that over the run every
      // state of each meets many trait combinations.
      const lines = LINE_STATES.map((states, i) => states[(combinations * STRIDES[i]!) % states.length]!);
      const profile = { ...BASE_PROFILE, ...traits, ...Object.assign({}, ...lines) } as PalmProfile;
      const mounts = (mount: MountName) =>
        MOUNT_STATES[(combinations + MOUNTS.indexOf(mount)) % MOUNT_STATES.length];
      const fired = firedOn(profile, mounts);
      if (opposingAxes(fired.map((finding) => finding.asserts)).length > 0) bothWays++;
      const settled = settleAssertions(oneAreaPerFeature(fired));
      expect(
        opposingAxes(settled.findings.map((finding) => finding.asserts)),
        JSON.stringify(profile),
      ).toEqual([]);
      // Every finding that yielded is on the losing side of a pull the reading says as one sentence.
      for (const finding of settled.yielded)
        expect(settled.pulls.some(({ axis }) => finding.asserts?.[axis] !== undefined)).toBe(true);
      tensions += settled.pulls.length;
      combinations++;
    }
    expect(combinations).toBe(TRAITS.reduce((n, trait) => n * PROFILE_TRAIT_CLASSES[trait].length, 1));
    // The rule base does pull both ways on many hands: the checker has work to do.
    expect(bothWays).toBeGreaterThan(combinations / 10);
    expect(tensions).toBeGreaterThan(0);
  }, 120_000);

  it.each(FIXTURE_NAMES)(
    'opens the reading of %s with 3–5 themes that each tie 2–3 features and agree with it',
    async (name) => {
      const observation = PALM_FIXTURES[name];
      const profile = palmProfileOf(observation, EVERY_TRAIT_RELIABLE);
      const submission = answers();
      const result: ReadingResult = await readLocally(observation, submission);
      const themes = result.themes ?? [];
      expect(themes.length).toBeGreaterThanOrEqual(3);
      expect(themes.length).toBeLessThanOrEqual(5);
      // Each theme names its features; a feature already described in full by an earlier theme is
      // named again briefly ("your head line", "your longer index finger"), as said aloud.
      const namedInFull = new Set<string>();
      for (const theme of themes) {
        expect(theme.features.length).toBeGreaterThanOrEqual(2);
        expect(theme.features.length).toBeLessThanOrEqual(3);
        for (const feature of theme.features) {
          const text = theme.text.toLowerCase();
          if (namedInFull.has(feature)) expect(text).toContain(briefly(feature).toLowerCase());
          else expect(text).toContain(feature.toLowerCase());
          namedInFull.add(feature);
        }
      }
      expect(new Set(themes.map((theme) => theme.title)).size).toBe(themes.length);
      // A theme is said once: a tension told as a theme is not said again in its section.
      const prose = result.sections.flatMap((s) => [...s.insights, s.content, s.details]).join(' ');
      for (const theme of themes) expect(prose).not.toContain(theme.text);
      const fired = interpret(observation, submission, PALM_RULES, profile, []);
      const story = tellStory(
        fired,
        profiledObservation(profile, observation),
        profile,
        traitsFromProfile(profile, observation),
        phraseChooserFor(profile),
      );
      expect(contradictionsIn(story)).toEqual([]);
      expect(story.themes).toEqual(themes);
      // Each theme's pole is one the reading's own findings do not contradict.
      const stated = story.findings.flatMap((finding) => polesOf(finding.asserts));
      for (const pole of story.themePoles) {
        const [axis] = pole.split(':');
        expect(stated.filter((other) => other.startsWith(`${axis}:`) && other !== pole)).toEqual([]);
      }
    },
  );
});
