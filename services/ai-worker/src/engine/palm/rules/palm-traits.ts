import type { ElementalHandType, HandGeometry, PalmObservation } from '../palm-observation';

/**
 * Where the measured geometry is cut into the classes the rules speak of. The units follow the
 * observer (finger lengths are knuckle→tip chains over wrist→middle-knuckle palm length); the
 * palm and finger cut-offs straddle the observer's own elemental cut-offs (1.25 and 0.98) so the
 * classes agree with the hand type it reports. Calibrate here, never inside a rule.
 */
export const TRAIT_CUTOFFS = {
  palmRatio: { squareBelow: 1.15, oblongFrom: 1.3 },
  middleToPalm: { shortBelow: 0.92, longFrom: 1.04 },
  indexToRing: { ringMuchLongerBelow: 0.9, ringLongerBelow: 0.95, indexLongerFrom: 1.01 },
  littleToRingTopJoint: { shortBelow: 0.92, longFrom: 1.05 },
  middleToIndexAndRing: { shortBelow: 1.06, longFrom: 1.15 },
  thumbToPalm: { shortBelow: 0.92, longFrom: 1.05 },
  thumbAngle: { narrowBelow: 30, wideFrom: 50 },
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

function band(value: number, lowBelow: number, highFrom: number): Band {
  if (value < lowBelow) return 'low';
  return value >= highFrom ? 'high' : 'mid';
}

export function traitsOf(observation: PalmObservation): PalmTraits {
  const g = observation.geometry;
  const c = TRAIT_CUTOFFS;
  const middleRatio = g.fingerLengths.middle / ((g.fingerLengths.index + g.fingerLengths.ring) / 2);
  const pick = <T>(b: Band, low: T, mid: T, high: T): T => (b === 'low' ? low : b === 'mid' ? mid : high);
  return {
    handType: g.handType,
    palmShape: pick(
      band(g.palmRatio, c.palmRatio.squareBelow, c.palmRatio.oblongFrom),
      'square',
      'balanced',
      'oblong',
    ),
    fingers: pick(
      band(g.middleToPalm, c.middleToPalm.shortBelow, c.middleToPalm.longFrom),
      'short',
      'medium',
      'long',
    ),
    indexVsRing: pick(
      band(g.indexToRing, c.indexToRing.ringLongerBelow, c.indexToRing.indexLongerFrom),
      'ring-longer',
      'even',
      'index-longer',
    ),
    ringMuchLonger: g.indexToRing < c.indexToRing.ringMuchLongerBelow,
    littleFinger: pick(
      band(g.littleToRingTopJoint, c.littleToRingTopJoint.shortBelow, c.littleToRingTopJoint.longFrom),
      'short',
      'reaching',
      'long',
    ),
    middleFinger: pick(
      band(middleRatio, c.middleToIndexAndRing.shortBelow, c.middleToIndexAndRing.longFrom),
      'short',
      'balanced',
      'long',
    ),
    thumb: pick(
      band(g.fingerLengths.thumb, c.thumbToPalm.shortBelow, c.thumbToPalm.longFrom),
      'short',
      'medium',
      'long',
    ),
    thumbAngle: pick(
      band(g.thumbAngle, c.thumbAngle.narrowBelow, c.thumbAngle.wideFrom),
      'narrow',
      'medium',
      'wide',
    ),
    spacing: g.fingerSpacing,
    creases: observation.creaseDensity.level,
  };
}
