import { describe, expect, it } from 'vitest';
import { elementalType, LONG_PALM_RATIO } from '../src/observer/hand-geometry';
import type { PalmObservation } from '../src/palm-observation';
import { interpret } from '../src/rules/interpret';
import { band, traitsOf, TRAIT_CUTOFFS, type PalmTraits } from '../src/rules/palm-traits';
import { PALM_FIXTURES } from './fixtures/palm-observations';
import { answers } from './fixtures/questionnaire-answers';

/**
 * Measurements the observer recorded on several photos of one hand each (../shared/palms/retest,
 * 11K Hands): palm ratio; thumb, index, middle, ring and little finger over the palm length;
 * little fingertip over the ring finger's top joint; thumb angle and finger spread in degrees.
 */
const RECORDED: Record<string, number[][]> = {
  '11k-0001050-palmar-right': [
    [1.973, 0.829, 0.958, 1.041, 0.959, 0.763, 0.884, 24.0, 1.295],
    [1.999, 0.871, 0.959, 1.034, 0.96, 0.764, 0.899, 23.6, 1.142],
    [1.88, 0.876, 0.938, 1.014, 0.945, 0.769, 0.895, 27.1, 4.219],
    [1.989, 0.869, 0.95, 1.021, 0.945, 0.749, 0.889, 27.4, 1.115],
    [1.97, 0.874, 0.949, 1.031, 0.949, 0.756, 0.898, 28.3, 1.134],
    [1.868, 0.899, 0.995, 1.089, 0.996, 0.773, 0.862, 29.9, 0.96],
  ],
  '11k-0001566-palmar-left': [
    [1.821, 0.91, 0.828, 0.949, 0.867, 0.658, 0.824, 14.9, 1.403],
    [1.786, 0.912, 0.846, 0.953, 0.881, 0.651, 0.801, 13.7, 2.182],
    [1.905, 0.885, 0.785, 0.899, 0.828, 0.636, 0.822, 13.3, 1.703],
    [1.881, 0.873, 0.801, 0.923, 0.849, 0.652, 0.828, 11.2, 0.867],
    [1.914, 0.902, 0.814, 0.936, 0.866, 0.671, 0.834, 16.4, 1.515],
  ],
  '11k-0000081-palmar-left': [
    [2.14, 0.985, 0.905, 1.002, 0.941, 0.721, 0.87, 17.2, 1.1],
    [2.117, 0.963, 0.883, 0.97, 0.912, 0.696, 0.858, 17.1, 0.627],
    [1.977, 0.953, 0.871, 0.92, 0.891, 0.702, 0.864, 22.2, 3.775],
    [1.931, 0.917, 0.907, 0.961, 0.892, 0.683, 0.822, 23.9, 7.479],
  ],
  '11k-0001019-palmar-left': [
    [2.006, 0.976, 0.82, 0.898, 0.822, 0.656, 0.884, 22.7, 1.559],
    [2.104, 0.979, 0.835, 0.904, 0.84, 0.658, 0.88, 15.2, 1.166],
    [1.948, 0.921, 0.834, 0.894, 0.815, 0.607, 0.793, 16.4, 4.928],
    [2.147, 0.976, 0.831, 0.901, 0.819, 0.628, 0.866, 7.4, 0.49],
  ],
};

const base = PALM_FIXTURES['water-left-fine-lines'];

function observationOf(row: number[]): PalmObservation {
  const [palmRatio, thumb, index, middle, ring, little, littleToRingTopJoint, thumbAngle, spread] = row as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return {
    ...base,
    geometry: {
      ...base.geometry,
      palmRatio,
      fingerLengths: { thumb, index, middle, ring, little },
      indexToRing: index / ring,
      littleToRingTopJoint,
      middleToPalm: middle,
      thumbLength: thumb,
      thumbAngle,
      fingerSpreadDegrees: spread,
      ...elementalType(palmRatio, middle),
    },
  };
}

type Band = ReturnType<typeof band>;

/** A trait's low and high classes, by the cut-offs it is read with. */
const SIDES: Partial<
  Record<keyof PalmTraits, readonly [PalmTraits[keyof PalmTraits], PalmTraits[keyof PalmTraits]]>
> = {
  palmShape: ['square', 'oblong'],
  fingers: ['short', 'long'],
  indexVsRing: ['ring-longer', 'index-longer'],
  littleFinger: ['short', 'long'],
  middleFinger: ['short', 'long'],
  thumb: ['short', 'long'],
  thumbAngle: ['narrow', 'wide'],
  spacing: ['close', 'wide'],
};

const classesOf = (rows: number[][], trait: keyof PalmTraits) =>
  new Set(rows.map((row) => traitsOf(observationOf(row)).traits[trait]));

describe('honest cut-offs', () => {
  it.each(Object.keys(RECORDED))('never reads hand %s on both sides of a cut-off', (hand) => {
    for (const [trait, [low, high]] of Object.entries(SIDES)) {
      const classes = classesOf(RECORDED[hand]!, trait as keyof PalmTraits);
      expect([trait, classes.has(low) && classes.has(high)]).toEqual([trait, false]);
    }
  });

  it('reads a value within its noise of a cut-off as the middle class, on either side', () => {
    const { ringLongerBelow, indexLongerFrom } = TRAIT_CUTOFFS.indexToRing;
    const indexVsRing = (indexToRing: number) =>
      traitsOf({ ...base, geometry: { ...base.geometry, indexToRing } }).traits.indexVsRing;
    for (const value of [
      ringLongerBelow - 0.02,
      ringLongerBelow + 0.01,
      indexLongerFrom - 0.01,
      indexLongerFrom + 0.02,
    ])
      expect(indexVsRing(value)).toBe('even');
    expect(indexVsRing(ringLongerBelow - 0.1)).toBe('ring-longer');
    expect(indexVsRing(indexLongerFrom + 0.1)).toBe('index-longer');
  });

  it('says so where a value past a cut-off is read as the middle class, and only there', () => {
    const { ringLongerBelow } = TRAIT_CUTOFFS.indexToRing;
    const withIndexToRing = (indexToRing: number) => ({
      ...base,
      geometry: { ...base.geometry, indexToRing },
    });
    const levelFacts = (indexToRing: number) =>
      interpret(withIndexToRing(indexToRing), answers())
        .filter((finding) => finding.basis === 'Index and ring fingers level')
        .flatMap((finding) => finding.measured);

    const pastCutoff = ringLongerBelow - 0.02;
    expect(traitsOf(withIndexToRing(pastCutoff)).nearCutoff).toEqual(new Set(['indexVsRing']));
    const ringLonger = `ring finger ${Math.round((1 / pastCutoff - 1) * 100)}% longer than the index`;
    expect(levelFacts(pastCutoff)).toContain(
      `${ringLonger} (too close to call from one photo: read as level)`,
    );

    const inside = ringLongerBelow + 0.01;
    expect(traitsOf(withIndexToRing(inside)).nearCutoff.has('indexVsRing')).toBe(false);
    expect(levelFacts(inside).length).toBeGreaterThan(0);
    expect(levelFacts(inside).join(' ')).not.toContain('too close to call');

    const clear = traitsOf(withIndexToRing(ringLongerBelow - 0.1));
    expect(clear.traits.indexVsRing).toBe('ring-longer');
    expect(clear.nearCutoff.has('indexVsRing')).toBe(false);
  });

  it('the recordings do cross cut-offs: without the noise bands their classes would flip', () => {
    const sharp = (value: number, low: number, high: number): Band => band({ value, noise: 0 }, low, high);
    const { ringLongerBelow, indexLongerFrom } = TRAIT_CUTOFFS.indexToRing;
    const rawIndexVsRing = RECORDED['11k-0000081-palmar-left']!.map(([, , index, , ring]) =>
      sharp(index! / ring!, ringLongerBelow, indexLongerFrom),
    );
    expect(new Set(rawIndexVsRing).size).toBeGreaterThan(1);
    expect(classesOf(RECORDED['11k-0000081-palmar-left']!, 'indexVsRing')).toEqual(new Set(['even']));
    const { shortBelow, longFrom } = TRAIT_CUTOFFS.middleToPalm;
    const rawFingers = RECORDED['11k-0001566-palmar-left']!.map(([, , , middle]) =>
      sharp(middle!, shortBelow, longFrom),
    );
    expect(new Set(rawFingers).size).toBeGreaterThan(1);
    expect(classesOf(RECORDED['11k-0001566-palmar-left']!, 'fingers')).toEqual(new Set(['medium']));
  });

  it('keeps a clear measurement: far from its cut-offs a trait is still asserted', () => {
    const long = traitsOf(observationOf(RECORDED['11k-0000081-palmar-left']![0]!)).traits;
    expect(long.palmShape).toBe('oblong');
    const wide = traitsOf(observationOf(RECORDED['11k-0001050-palmar-right']![5]!)).traits;
    expect(wide.fingers).toBe('long');
    expect(wide.thumbAngle).toBe('wide');
  });

  it('leaves a hand type the observer could not tell unsaid: rules reading it stay silent', () => {
    const [palmRatio, , , middle] = RECORDED['11k-0001019-palmar-left']![2]!;
    const type = elementalType(LONG_PALM_RATIO, middle!);
    expect(type.handTypeConfidence).toBeLessThan(0.4);
    const unsure = { ...base, geometry: { ...base.geometry, palmRatio: palmRatio!, ...type } };
    expect(traitsOf(unsure).undetermined.has('handType')).toBe(true);
    const tattva = (observation: PalmObservation) =>
      interpret(observation, answers()).filter((finding) => finding.ruleId.includes('tattva'));
    expect(tattva(unsure)).toEqual([]);
    expect(tattva(base).length).toBeGreaterThan(0);
  });
});
