import { FINGER_SPACING, MEASUREMENT_NOISE, NOISE_MULTIPLE } from '../observer/hand-geometry';
import type { ElementalHandType, HandGeometry, PalmObservation } from '../palm-observation';

/**
 * Where the measured geometry is cut into the classes the rules speak of. The units follow the
 * observer (finger lengths are knuckle→tip chains over wrist→middle-knuckle palm length).
 * Calibrate here, never inside a rule.
 *
 * Each pair of cut-offs sits at the tertiles of the real hands measured by the observer: the 273
 * read photos of ../shared/palms/lines, the 20 read shared palms and the mean of each of the 24
 * retest hands (317 hands), so that without the noise bands each class would hold a third of real
 * hands (`npm run bench:traits` prints the population and its tertiles). The noise bands of
 * MEASUREMENT_NOISE then move values near a cut-off into the middle class. The earlier cut-offs
 * were set on invented proportions and left whole traits on one side: every real palm measured
 * palm ratio 1.5–2.15 against 1.15/1.3. `ringMuchLongerBelow` sits at the population's tenth
 * percentile.
 */
/** The rules' confidence floor for a hand type: below it the observer could not tell the type. */
const HAND_TYPE_FLOOR = 0.4;

export const TRAIT_CUTOFFS = {
  palmRatio: { squareBelow: 1.63, oblongFrom: 1.74 },
  middleToPalm: { shortBelow: 0.855, longFrom: 0.925 },
  indexToRing: { ringMuchLongerBelow: 0.92, ringLongerBelow: 0.95, indexLongerFrom: 0.99 },
  littleToRingTopJoint: { shortBelow: 0.88, longFrom: 0.92 },
  middleToIndexAndRing: { shortBelow: 1.08, longFrom: 1.105 },
  thumbToPalm: { shortBelow: 0.945, longFrom: 0.99 },
  thumbAngle: { narrowBelow: 10, wideFrom: 17 },
} as const;

type Band = 'low' | 'mid' | 'high';

export interface PalmTraits {
  handType: ElementalHandType;
  palmShape: 'square' | 'balanced' | 'oblong';
  fingers: 'short' | 'medium' | 'long';
  indexVsRing: 'ring-longer' | 'even' | 'index-longer';
  ringMuchLonger: boolean;
  littleFinger: 'short' | 'reaching' | 'long';
  middleFinger: 'short' | 'balanced' | 'long';
  thumb: 'short' | 'medium' | 'long';
  thumbAngle: 'narrow' | 'medium' | 'wide';
  spacing: HandGeometry['fingerSpacing'];
  creases: PalmObservation['creaseDensity']['level'];
}

/**
 * The traits of one palm. A measurement within its noise of a cut-off asserts neither side: it
 * reads as the middle (balanced, medium, even) class, which is what such a value honestly shows.
 * The hand type has no middle; when the observer could not tell it, the type is undetermined and
 * a rule that reads it stays silent.
 */
export interface MeasuredTraits {
  traits: PalmTraits;
  undetermined: ReadonlySet<keyof PalmTraits>;
  /**
   * Traits read as the middle class only because their value lies past a cut-off by less than its
   * noise: the measurement itself says otherwise, so a reading that quotes it says why.
   */
  nearCutoff: ReadonlySet<keyof PalmTraits>;
}

interface Measure {
  value: number;
  noise: number;
}

/** 'low' or 'high' only beyond the noise of a cut-off; every value between reads 'mid'. */
export function band({ value, noise }: Measure, lowBelow: number, highFrom: number): Band {
  const margin = NOISE_MULTIPLE * noise;
  if (value < lowBelow - margin) return 'low';
  return value >= highFrom + margin ? 'high' : 'mid';
}

export function traitsOf(observation: PalmObservation): MeasuredTraits {
  const g = observation.geometry;
  const c = TRAIT_CUTOFFS;
  const n = MEASUREMENT_NOISE;
  const undetermined = new Set<keyof PalmTraits>();
  const nearCutoff = new Set<keyof PalmTraits>();
  const classify = <K extends keyof PalmTraits>(
    trait: K,
    measure: Measure,
    [lowBelow, highFrom]: readonly [number, number],
    [low, mid, high]: readonly [PalmTraits[K], PalmTraits[K], PalmTraits[K]],
  ): PalmTraits[K] => {
    const b = band(measure, lowBelow, highFrom);
    if (b === 'mid' && band({ ...measure, noise: 0 }, lowBelow, highFrom) !== 'mid') nearCutoff.add(trait);
    return b === 'low' ? low : b === 'high' ? high : mid;
  };
  const middleRatio = g.fingerLengths.middle / ((g.fingerLengths.index + g.fingerLengths.ring) / 2);
  const indexToRing = { value: g.indexToRing, noise: n.indexToRing };
  if (observation.geometry.handTypeConfidence < HAND_TYPE_FLOOR) undetermined.add('handType');
  const traits: PalmTraits = {
    handType: g.handType,
    palmShape: classify(
      'palmShape',
      { value: g.palmRatio, noise: n.palmRatio },
      [c.palmRatio.squareBelow, c.palmRatio.oblongFrom],
      ['square', 'balanced', 'oblong'],
    ),
    fingers: classify(
      'fingers',
      { value: g.middleToPalm, noise: n.middleToPalm },
      [c.middleToPalm.shortBelow, c.middleToPalm.longFrom],
      ['short', 'medium', 'long'],
    ),
    indexVsRing: classify(
      'indexVsRing',
      indexToRing,
      [c.indexToRing.ringLongerBelow, c.indexToRing.indexLongerFrom],
      ['ring-longer', 'even', 'index-longer'],
    ),
    ringMuchLonger: band(indexToRing, c.indexToRing.ringMuchLongerBelow, Infinity) === 'low',
    littleFinger: classify(
      'littleFinger',
      { value: g.littleToRingTopJoint, noise: n.littleToRingTopJoint },
      [c.littleToRingTopJoint.shortBelow, c.littleToRingTopJoint.longFrom],
      ['short', 'reaching', 'long'],
    ),
    middleFinger: classify(
      'middleFinger',
      { value: middleRatio, noise: n.middleToIndexAndRing },
      [c.middleToIndexAndRing.shortBelow, c.middleToIndexAndRing.longFrom],
      ['short', 'balanced', 'long'],
    ),
    thumb: classify(
      'thumb',
      { value: g.fingerLengths.thumb, noise: n.thumbToPalm },
      [c.thumbToPalm.shortBelow, c.thumbToPalm.longFrom],
      ['short', 'medium', 'long'],
    ),
    thumbAngle: classify(
      'thumbAngle',
      { value: g.thumbAngle, noise: n.thumbAngle },
      [c.thumbAngle.narrowBelow, c.thumbAngle.wideFrom],
      ['narrow', 'medium', 'wide'],
    ),
    spacing: classify(
      'spacing',
      { value: g.fingerSpreadDegrees, noise: n.fingerSpreadDegrees },
      [FINGER_SPACING.closeBelow, FINGER_SPACING.wideAbove],
      ['close', 'average', 'wide'],
    ),
    creases: observation.creaseDensity.level,
  };
  return { traits, undetermined, nearCutoff };
}
