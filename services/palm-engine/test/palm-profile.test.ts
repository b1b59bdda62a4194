import { palmProfileSchema, PROFILE_TRAIT_IDS, type PalmProfile, type ProfileTraitId } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import type { PalmObservation } from '../src/palm-observation';
import {
  band,
  measuredProfile,
  MIN_RELIABILITY,
  noiseAt,
  palmProfileOf,
  PROFILE_BAND_WIDTHS,
  TRAIT_CUTOFFS,
} from '../src/profile/palm-profile';
import type { TraitReliabilityTable, TraitSurvival } from '../src/profile/trait-reliability';
import { TRAIT_RELIABILITY } from '../src/profile/trait-reliability.recorded';
import { composeSections } from '../src/narrator/local-narrator';
import { interpret, PALM_RULES } from '../src/rules/interpret';
import { EVERY_TRAIT_RELIABLE } from './fixtures/every-trait-reliable';
import { PALM_FIXTURES, withMiddleFingerLifted } from './fixtures/palm-observations';
import { answers } from './fixtures/questionnaire-answers';

/**
 * Measurements the observer recorded on several photos of one hand each (../shared/palms/retest,
 * 11K Hands): palm ratio; thumb, index, middle, ring and little finger over the palm length;
 * little fingertip over the ring finger's top joint (3-D); thumb angle and finger spread in degrees;
 * index over ring finger (3-D bone lengths).
 */
const RECORDED: Record<string, number[][]> = {
  '11k-0001050-palmar-right': [
    [1.973, 0.829, 0.958, 1.041, 0.959, 0.763, 0.899, 24.0, 1.295, 1.062],
    [1.999, 0.871, 0.959, 1.034, 0.96, 0.764, 0.908, 23.6, 1.142, 1.046],
    [1.88, 0.876, 0.938, 1.014, 0.945, 0.769, 0.912, 27.1, 4.219, 1.002],
    [1.989, 0.869, 0.95, 1.021, 0.945, 0.749, 0.906, 27.4, 1.115, 1.034],
    [1.97, 0.874, 0.949, 1.031, 0.949, 0.756, 0.915, 28.3, 1.134, 1.036],
    [1.868, 0.899, 0.995, 1.089, 0.996, 0.773, 0.907, 29.9, 0.96, 1.026],
  ],
  '11k-0001566-palmar-left': [
    [1.821, 0.91, 0.828, 0.949, 0.867, 0.658, 0.906, 14.9, 1.403, 1.015],
    [1.786, 0.912, 0.846, 0.953, 0.881, 0.651, 0.9, 13.7, 2.182, 0.983],
    [1.905, 0.885, 0.785, 0.899, 0.828, 0.636, 0.89, 13.3, 1.703, 1.012],
    [1.881, 0.873, 0.801, 0.923, 0.849, 0.652, 0.884, 11.2, 0.867, 0.99],
    [1.914, 0.902, 0.814, 0.936, 0.866, 0.671, 0.878, 16.4, 1.515, 0.989],
  ],
  '11k-0000081-palmar-left': [
    [2.14, 0.985, 0.905, 1.002, 0.941, 0.721, 0.889, 17.2, 1.1, 1.063],
    [2.117, 0.963, 0.883, 0.97, 0.912, 0.696, 0.881, 17.1, 0.627, 1.058],
    [1.977, 0.953, 0.871, 0.92, 0.891, 0.702, 0.914, 22.2, 3.775, 1.01],
    [1.931, 0.917, 0.907, 0.961, 0.892, 0.683, 0.866, 23.9, 7.479, 1.042],
  ],
  '11k-0001019-palmar-left': [
    [2.006, 0.976, 0.82, 0.898, 0.822, 0.656, 0.883, 22.7, 1.559, 1.05],
    [2.104, 0.979, 0.835, 0.904, 0.84, 0.658, 0.884, 15.2, 1.166, 1.052],
    [1.948, 0.921, 0.834, 0.894, 0.815, 0.607, 0.815, 16.4, 4.928, 1.012],
    [2.147, 0.976, 0.831, 0.901, 0.819, 0.628, 0.852, 7.4, 0.49, 1.056],
  ],
};

const base = PALM_FIXTURES['water-left-fine-lines'];

function observationOf(row: number[]): PalmObservation {
  const [
    palmRatio,
    thumb,
    index,
    middle,
    ring,
    little,
    littleToRingTopJoint,
    thumbAngle,
    spread,
    indexToRing,
  ] = row as [number, number, number, number, number, number, number, number, number, number];
  return {
    ...base,
    geometry: {
      ...base.geometry,
      palmRatio,
      fingerLengths: { thumb, index, middle, ring, little },
      indexToRing,
      littleToRingTopJoint,
      middleToPalm: middle,
      thumbLength: thumb,
      thumbAngle,
      fingerSpreadDegrees: spread,
    },
  };
}

const noise = TRAIT_RELIABILITY.noise;
const everyTraitReliable = EVERY_TRAIT_RELIABLE;
const withIndexToRing = (indexToRing: number): PalmObservation => ({
  ...base,
  geometry: { ...base.geometry, indexToRing },
});

describe('the palm profile states a class only where a re-take would agree', () => {
  it('leaves a value within the noise band of a cut-off null, on either side, and states clear values', () => {
    const { ringLongerBelow, indexLongerFrom } = TRAIT_CUTOFFS.indexToRing;
    const margin = PROFILE_BAND_WIDTHS * noise.indexToRing;
    const indexVsRing = (value: number) => measuredProfile(withIndexToRing(value)).indexVsRing;
    for (const value of [
      ringLongerBelow - margin / 2,
      ringLongerBelow + margin / 2,
      indexLongerFrom - margin / 2,
    ])
      expect(indexVsRing(value)).toBeNull();
    expect(indexVsRing(ringLongerBelow - 2 * margin)).toBe('ring-longer');
    expect(indexVsRing(indexLongerFrom + 2 * margin)).toBe('index-longer');
    expect(band(1, 0.1, 0.5, 2)).toBe('mid');
  });

  it.each(Object.keys(RECORDED))('never states two classes a cut-off apart for hand %s', (hand) => {
    const sides: Partial<Record<ProfileTraitId, readonly [string, string]>> = {
      palmShape: ['square', 'oblong'],
      fingerLength: ['short', 'long'],
      indexVsRing: ['ring-longer', 'index-longer'],
      littleFinger: ['short', 'long'],
      thumbLength: ['short', 'long'],
      thumbAngle: ['narrow', 'wide'],
    };
    const profiles = RECORDED[hand]!.map((row) => measuredProfile(observationOf(row)));
    for (const [trait, [low, high]] of Object.entries(sides)) {
      const classes = new Set(profiles.map((p) => p[trait as ProfileTraitId]));
      expect([trait, classes.has(low as never) && classes.has(high as never)]).toEqual([trait, false]);
    }
  });

  it('judges a photo whose fingers lift toward the camera by the wider noise measured on such photos', () => {
    const { fromDegrees, toDegrees, noise: lifted } = TRAIT_RELIABILITY.liftedNoise;
    expect(lifted.littleToRingTopJoint).toBeGreaterThan(noise.littleToRingTopJoint);
    // The middle finger lifted out of the flat fixture's palm plane by `degrees` about its knuckle.
    const liftedBy = (degrees: number, littleToRingTopJoint: number): PalmObservation => {
      const tipped = withMiddleFingerLifted(base, degrees);
      return { ...tipped, geometry: { ...base.geometry, littleToRingTopJoint } };
    };
    expect(noiseAt(liftedBy(0, 0.9))).toEqual(noise);
    expect(noiseAt(liftedBy(toDegrees + 5, 0.9)).littleToRingTopJoint).toBeCloseTo(
      lifted.littleToRingTopJoint,
    );
    const halfway = noiseAt(liftedBy((fromDegrees + toDegrees) / 2, 0.9)).littleToRingTopJoint;
    expect(halfway).toBeCloseTo((noise.littleToRingTopJoint + lifted.littleToRingTopJoint) / 2, 3);
    // Past the flat photo's band, within the lifted photo's: stated for the one, left unsaid for the other.
    const value = TRAIT_CUTOFFS.littleToRingTopJoint.longFrom + 1.5 * noise.littleToRingTopJoint;
    expect(value).toBeLessThan(TRAIT_CUTOFFS.littleToRingTopJoint.longFrom + lifted.littleToRingTopJoint);
    expect(measuredProfile(liftedBy(0, value)).littleFinger).toBe('long');
    expect(measuredProfile(liftedBy(toDegrees + 5, value)).littleFinger).toBeNull();
  });

  it('states nothing of the fingers’ lengths where they run off the photo, and the palm and thumb as before', () => {
    const cut: PalmObservation = { ...base, fingersCutOff: true };
    const whole = measuredProfile(base);
    const cutProfile = measuredProfile(cut);
    expect(whole.fingerLength).not.toBeNull();
    for (const trait of ['fingerLength', 'indexVsRing', 'littleFinger', 'middleFinger', 'handType'] as const)
      expect(cutProfile[trait], trait).toBeNull();
    expect(cutProfile.palmShape).toBe(whole.palmShape);
    expect(cutProfile.thumbLength).toBe(whole.thumbLength);
    expect(noiseAt(cut).palmRatio).toBe(noise.palmRatio);
  });

  it('withholds a trait whose recorded re-take survival is below the floor, or was never measured', () => {
    const clear = withIndexToRing(TRAIT_CUTOFFS.indexToRing.ringLongerBelow - 0.1);
    expect(palmProfileOf(clear, everyTraitReliable).indexVsRing).toBe('ring-longer');
    const flaky: TraitReliabilityTable = {
      ...everyTraitReliable,
      traits: {
        ...everyTraitReliable.traits,
        indexVsRing: {
          retest: { pairs: 100, agreed: Math.floor(100 * MIN_RELIABILITY) - 1 },
          views: { pairs: 0, agreed: 0 },
        },
      },
    };
    expect(palmProfileOf(clear, flaky).indexVsRing).toBeNull();
    // Pooled: a few retest pairs do not outweigh many view changes, and too few re-takes show nothing.
    const pooled = (retest: TraitSurvival, views: TraitSurvival): TraitReliabilityTable => ({
      ...everyTraitReliable,
      traits: { ...everyTraitReliable.traits, indexVsRing: { retest, views } },
    });
    expect(
      palmProfileOf(clear, pooled({ pairs: 10, agreed: 8 }, { pairs: 49, agreed: 48 })).indexVsRing,
    ).toBe('ring-longer');
    expect(
      palmProfileOf(clear, pooled({ pairs: 10, agreed: 7 }, { pairs: 10, agreed: 10 })).indexVsRing,
    ).toBeNull();
    expect(
      palmProfileOf(clear, pooled({ pairs: 2, agreed: 2 }, { pairs: 2, agreed: 2 })).indexVsRing,
    ).toBeNull();
    const { indexVsRing: _unmeasured, ...others } = everyTraitReliable.traits;
    expect(palmProfileOf(clear, { ...everyTraitReliable, traits: others }).indexVsRing).toBeNull();
  });

  it('never states a trait that reads the pose, however surely a re-take keeps it', () => {
    expect(palmProfileOf(base, everyTraitReliable).fingerSpacing).not.toBeNull();
    const pose = { ...everyTraitReliable, poseTraits: ['fingerSpacing'] } satisfies TraitReliabilityTable;
    expect(palmProfileOf(base, pose).fingerSpacing).toBeNull();
    // The spread of the fingers varies more between photos of one hand than between hands.
    expect(TRAIT_RELIABILITY.poseTraits).toContain('fingerSpacing');
    expect(palmProfileOf(base).fingerSpacing).toBeNull();
  });

  it('holds every trait the contract names, and the contract accepts it', () => {
    const profile = palmProfileOf(base);
    expect(Object.keys(profile).sort()).toEqual([...PROFILE_TRAIT_IDS].sort());
    expect(palmProfileSchema.parse(profile)).toEqual(profile);
    expect(profile.heartLineEnd).toBeNull();
    expect(palmProfileSchema.safeParse({ ...profile, palmShape: 'round' }).success).toBe(false);
    expect(palmProfileSchema.safeParse({ ...profile, auraColour: 'gold' }).success).toBe(false);
    const { handType: _left, ...missing } = profile;
    expect(palmProfileSchema.safeParse(missing).success).toBe(false);
  });
});

describe('a reading states classes only from its profile', () => {
  const rulesReading = (ids: readonly string[]) =>
    PALM_RULES.filter((rule) => ids.some((id) => rule.id.includes(id)));

  it('a trait the profile leaves null silences every rule that reads it, whatever the observation says', () => {
    const profile = palmProfileOf(base, everyTraitReliable);
    expect(profile.handType).not.toBeNull();
    const tattva = (p: PalmProfile) =>
      interpret(base, answers(), PALM_RULES, p).filter((f) => f.ruleId.includes('tattva'));
    expect(tattva(profile).length).toBeGreaterThan(0);
    expect(tattva({ ...profile, handType: null })).toEqual([]);
  });

  it('tags, subtitles and line classes follow the profile, not the raw observation', () => {
    const profile = palmProfileOf(base, everyTraitReliable);
    const other = profile.handType === 'earth' ? 'fire' : 'earth';
    const swapped: PalmProfile = { ...profile, handType: other, heartLine: 'seen', heartLineLength: 'long' };
    const findings = interpret(base, answers(), PALM_RULES, swapped, []);
    const tattvaRules = rulesReading(['tattva']).filter((rule) => findings.some((f) => f.ruleId === rule.id));
    expect(tattvaRules.length).toBeGreaterThan(0);
    expect(tattvaRules.every((rule) => rule.id.includes(other))).toBe(true);
    const sections = composeSections(findings, base, answers(), swapped);
    const subtitles = sections.map((section) => section.subtitle).join(' ');
    expect(subtitles).not.toMatch(new RegExp(`\\b${profile.handType!}\\b`, 'i'));
    const heartLength = findings.filter(
      (f) => f.basis.startsWith('Heart line:') && /short|medium/.test(f.basis),
    );
    expect(heartLength).toEqual([]);
  });
});
