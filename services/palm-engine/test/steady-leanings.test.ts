import { describe, expect, it } from 'vitest';
import { HAND_SHAPE_TRAITS } from '@palm/contracts';
import { traitOf } from '../src/narrator/feature-measures';
import { composeReading } from '../src/narrator/local-narrator';
import { MIN_THEMES, settleAssertions, storyOfPalm } from '../src/narrator/reading-story';
import { axesARetakeCouldTurn, readingFindings } from '../src/narrator/steady-leanings';
import type { HandGeometry, PalmObservation } from '../src/palm-observation';
import { palmProfileOf, retakeProfiles, TRAIT_CUTOFFS } from '../src/profile/palm-profile';
import { TRAIT_RELIABILITY } from '../src/profile/trait-reliability.recorded';
import { polesOf } from '../src/rules/assertions';
import { interpret, oneAreaPerFeature, PALM_RULES } from '../src/rules/interpret';
import { byStrength, saidOfPerson, type Finding } from '../src/rules/palm-rule';
import { FIXTURE_NAMES, PALM_FIXTURES } from './fixtures/palm-observations';
import { answers } from './fixtures/questionnaire-answers';

const noise = TRAIT_RELIABILITY.noise;
const { indexToRing, thumbToPalm, thumbAngle, littleToRingTopJoint } = TRAIT_CUTOFFS;

const withGeometry = (base: PalmObservation, change: Partial<HandGeometry>): PalmObservation => ({
  ...base,
  geometry: { ...base.geometry, ...change },
});
const withThumb = (base: PalmObservation, thumb: number) =>
  withGeometry(base, { fingerLengths: { ...base.geometry.fingerLengths, thumb } });

/** Each measure a hair from a cut-off, where one photo states no class and its re-take may state either. */
const NEAR_CUT_OFFS: Record<string, (base: PalmObservation) => PalmObservation> = {
  'index over ring near "index longer"': (base) =>
    withGeometry(base, { indexToRing: indexToRing.indexLongerFrom - noise.indexToRing / 2 }),
  'thumb near "short"': (base) => withThumb(base, thumbToPalm.shortBelow + noise.thumbToPalm / 2),
  'thumb near "long"': (base) => withThumb(base, thumbToPalm.longFrom - noise.thumbToPalm / 2),
  'thumb opening near "wide"': (base) =>
    withGeometry(base, { thumbAngle: thumbAngle.wideFrom - noise.thumbAngle / 2 }),
  'little finger near "long"': (base) =>
    withGeometry(base, {
      littleToRingTopJoint: littleToRingTopJoint.longFrom - noise.littleToRingTopJoint / 2,
    }),
};

const submission = answers();
const tellingOf = (observation: PalmObservation) => {
  const profile = palmProfileOf(observation);
  return { observation, submission, profile, rules: PALM_RULES };
};
const settledPoles = (observation: PalmObservation, profile = palmProfileOf(observation)) =>
  settleAssertions(
    oneAreaPerFeature(interpret(observation, submission, PALM_RULES, profile)),
  ).findings.flatMap((finding) => polesOf(finding.asserts));

describe('the profiles a re-take could state', () => {
  it('sets a class either side of the cut-off a null proportion lies near, and leaves clear ones alone', () => {
    const base = PALM_FIXTURES['water-left-fine-lines'];
    const near = NEAR_CUT_OFFS['index over ring near "index longer"']!(base);
    const profile = palmProfileOf(near);
    expect(profile.indexVsRing).toBeNull();
    const retakes = retakeProfiles(near, profile);
    // The "even" band is narrower than two noise widths, so the ring-longer cut-off is near too.
    expect(retakes.map((retake) => retake.indexVsRing)).toEqual(
      expect.arrayContaining(['even', 'index-longer']),
    );
    for (const retake of retakes) {
      const changed = Object.keys(retake).filter(
        (trait) => retake[trait as keyof typeof retake] !== profile[trait as keyof typeof profile],
      );
      expect(changed).toHaveLength(1);
      expect(profile[changed[0] as keyof typeof profile]).toBeNull();
    }

    const clear = withGeometry(base, { indexToRing: indexToRing.indexLongerFrom + 3 * noise.indexToRing });
    const clearProfile = palmProfileOf(clear);
    expect(clearProfile.indexVsRing).toBe('index-longer');
    expect(retakeProfiles(clear, clearProfile).every((retake) => retake.indexVsRing === 'index-longer')).toBe(
      true,
    );
  });

  it('offers the elements either side of a palm or fingers a hair from long', () => {
    const base = PALM_FIXTURES['air-right-balanced'];
    const profile = palmProfileOf(base);
    expect(profile.handType).toBeNull();
    const elements = new Set(retakeProfiles(base, profile).map((retake) => retake.handType));
    expect(elements.size).toBeGreaterThanOrEqual(2);
  });
});

describe('a leaning a re-take could turn', () => {
  it('is not asserted, while the findings that read it keep their words and tags', () => {
    const observation = NEAR_CUT_OFFS['index over ring near "index longer"']!(
      PALM_FIXTURES['water-left-fine-lines'],
    );
    const telling = tellingOf(observation);
    const fired = interpret(observation, submission, PALM_RULES, telling.profile);
    const taken = fired.filter((finding) => finding.asserts?.risk).map((finding) => finding.asserts!.risk);
    expect(new Set(taken).size).toBe(1);
    // The re-take that states the index finger longer settles on the other side of the axis.
    const retakePoles = retakeProfiles(observation, telling.profile).flatMap((retake) =>
      settledPoles(observation, retake),
    );
    expect(retakePoles.filter((pole) => pole.startsWith('risk:'))).toContain(
      taken[0] === 'bold' ? 'risk:cautious' : 'risk:bold',
    );
    expect(axesARetakeCouldTurn(fired, telling)).toContain('risk');

    const steady = readingFindings(observation, submission, telling.profile);
    expect(steady.some((finding) => finding.asserts?.risk)).toBe(false);
    // Still what those findings say, so two of them saying it of one feature stay one point.
    expect(steady.filter((finding) => finding.setAside?.risk).map((finding) => finding.ruleId)).toEqual(
      fired.filter((finding) => finding.asserts?.risk).map((finding) => finding.ruleId),
    );
    expect(steady.map((finding) => [finding.ruleId, finding.basis, finding.phrasings])).toEqual(
      fired.map((finding) => [finding.ruleId, finding.basis, finding.phrasings]),
    );
    const story = storyOfPalm(steady, observation, telling.profile);
    expect(story.themePoles.filter((pole) => pole.startsWith('risk:'))).toEqual([]);
    expect(story.themes.length).toBeGreaterThanOrEqual(MIN_THEMES);
  });

  it('is stated in no section either: a re-take that settled the feature could read it the other way', () => {
    const observation = NEAR_CUT_OFFS['index over ring near "index longer"']!(
      PALM_FIXTURES['water-left-fine-lines'],
    );
    const { profile } = tellingOf(observation);
    const riskStated = (findings: readonly Finding[]) =>
      composeReading(findings, observation, submission, profile)
        .findings.filter((finding) => saidOfPerson(finding).risk)
        .map((finding) => finding.ruleId);
    const steady = readingFindings(observation, submission, profile);
    const setAside = steady.filter((finding) => finding.setAside?.risk).map((finding) => finding.ruleId);
    // Told as fired, the sections would state it.
    const fired = interpret(observation, submission, PALM_RULES, profile);
    expect(riskStated(fired).filter((ruleId) => setAside.includes(ruleId))).not.toEqual([]);
    expect(riskStated(steady)).toEqual([]);
  });

  it('is kept where the measure that could turn it lies clear of its cut-offs', () => {
    const observation = withGeometry(PALM_FIXTURES['water-left-fine-lines'], {
      indexToRing: indexToRing.indexLongerFrom + 3 * noise.indexToRing,
    });
    const telling = tellingOf(observation);
    const fired = interpret(observation, submission, PALM_RULES, telling.profile);
    expect(axesARetakeCouldTurn(fired, telling)).toEqual([]);
    expect(readingFindings(observation, submission, telling.profile)).toEqual(fired);
  });

  it.each(FIXTURE_NAMES)(
    'only ever sets assertions of %s aside, and never opens a hand with fewer themes than it needs',
    (name) => {
      for (const [change, near] of Object.entries(NEAR_CUT_OFFS)) {
        const observation = near(PALM_FIXTURES[name]);
        const { profile } = tellingOf(observation);
        const fired = interpret(observation, submission, PALM_RULES, profile);
        const steady = readingFindings(observation, submission, profile);
        expect(steady).toHaveLength(fired.length);
        steady.forEach((finding, at) => {
          const { asserts, ...rest } = fired[at]!;
          expect(finding).toMatchObject(rest);
          // What it says of the person is the same; only where it is built on may change.
          expect([change, saidOfPerson(finding)]).toEqual([change, asserts ?? {}]);
        });
        const before = storyOfPalm(fired, observation, profile).themes.length;
        const after = storyOfPalm(steady, observation, profile).themes.length;
        expect([change, after]).toEqual([change, Math.max(after, Math.min(before, MIN_THEMES))]);
      }
    },
  );
});

describe('a feature whose every reading leans a way a re-take could turn', () => {
  const featuresRead = (observation: PalmObservation) => {
    const profile = palmProfileOf(observation);
    const fired = readingFindings(observation, submission, profile);
    return { profile, fired, ...composeReading(fired, observation, submission, profile) };
  };

  it('is read by another of its findings a re-take keeps, in that finding’s own section', () => {
    const observation = NEAR_CUT_OFFS['index over ring near "index longer"']!(
      PALM_FIXTURES['water-left-fine-lines'],
    );
    const { profile, fired, findings, reads, sections } = featuresRead(observation);
    expect(profile.fingerLength).toBe('long');
    // The finding the fingers were placed on leans a way the re-take could turn.
    const placed = oneAreaPerFeature([...fired].sort(byStrength)).filter((finding) =>
      finding.reads.includes('fingers'),
    );
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.every((finding) => finding.setAside)).toBe(true);
    const instead = findings.filter((finding) => finding.reads.includes('fingers'));
    expect(instead.length).toBeGreaterThan(0);
    expect(instead.every((finding) => !finding.setAside && !placed.includes(finding))).toBe(true);
    const at = sections.findIndex((section) => section.area === instead[0]!.area);
    expect(reads[at]).toContain('fingers');
  });

  it('is named with its reading left open, in the section it was placed in', () => {
    const shortThumb = withThumb(
      PALM_FIXTURES['water-right-no-lines'],
      thumbToPalm.shortBelow - 3 * noise.thumbToPalm,
    );
    const observation = NEAR_CUT_OFFS['little finger near "long"']!(
      // With fingers of middling length the middle finger is placed under Spiritual Growth, on a leaning a
      // re-take could turn, and its reading under Career would pull against the short thumb's.
      withGeometry(shortThumb, { middleToPalm: 0.89 }),
    );
    const { profile, fired, story, reads, sections } = featuresRead(observation);
    expect(profile.middleFinger).toBe('long');
    const aside = fired.filter((finding) => finding.reads.includes('middleFinger'));
    expect(aside.length).toBeGreaterThan(0);
    expect(aside.every((finding) => finding.setAside || !story.findings.includes(finding))).toBe(true);
    expect(story.heldOpen).toContainEqual({ feature: 'middleFinger', area: 'spiritual' });
    const at = sections.findIndex((section) => section.area === 'spiritual');
    const text = [sections[at]!.content, sections[at]!.details].join(' ');
    expect(text).toMatch(/middle finger/);
    expect(text).toMatch(/(?:left open|without a verdict)/);
    expect(reads[at]).toContain('middleFinger');
    // Its leaning is still stated nowhere.
    const setAsideAxes = aside.flatMap((finding) => Object.keys(finding.setAside ?? {}));
    expect(setAsideAxes.length).toBeGreaterThan(0);
    for (const axis of setAsideAxes)
      expect(story.findings.filter((finding) => Object.keys(finding.asserts ?? {}).includes(axis))).toEqual(
        [],
      );
  });

  it('leaves no trait of the hand’s shape the profile states out of the story, near any cut-off', () => {
    let setAside = 0;
    for (const [name, base] of Object.entries(PALM_FIXTURES))
      for (const [near, variant] of Object.entries(NEAR_CUT_OFFS)) {
        const { profile, fired, story } = featuresRead(variant(base));
        setAside += fired.filter((finding) => finding.setAside).length;
        // Told by a finding the story states (or a tension's sentence names), or held open; how many a section then has room for is its trim's.
        const told = new Set(
          [
            ...[...story.findings, ...story.yielded].flatMap((finding) => finding.reads),
            ...story.heldOpen.map((held) => held.feature),
          ].map((feature) => traitOf(feature)),
        );
        const untold = HAND_SHAPE_TRAITS.filter((trait) => profile[trait] !== null && !told.has(trait));
        expect(untold, `${name}, ${near}`).toEqual([]);
      }
    expect(setAside).toBeGreaterThan(0);
  });
});
