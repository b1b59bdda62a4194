import { FINGER_SPACING } from '../observer/hand-geometry';
import type { PalmObservation } from '../palm-observation';
import { TRAIT_CUTOFFS } from '../profile/palm-profile';
import { measuresOf, type ProfileMeasure } from '../profile/profile-measures';
import { TRAIT_RELIABILITY } from '../profile/trait-reliability.recorded';

/**
 * The measure behind each proportion feature a rule reads, and its tertile cut-offs (low, high):
 * how far this hand lies from the population's middle, and how far past the cut-off its class is.
 */
export const MEASURED_FEATURES: Partial<Record<string, readonly [ProfileMeasure, number, number]>> = {
  palmShape: ['palmRatio', TRAIT_CUTOFFS.palmRatio.squareBelow, TRAIT_CUTOFFS.palmRatio.oblongFrom],
  fingers: ['middleToPalm', TRAIT_CUTOFFS.middleToPalm.shortBelow, TRAIT_CUTOFFS.middleToPalm.longFrom],
  indexVsRing: [
    'indexToRing',
    TRAIT_CUTOFFS.indexToRing.ringLongerBelow,
    TRAIT_CUTOFFS.indexToRing.indexLongerFrom,
  ],
  littleFinger: [
    'littleToRingTopJoint',
    TRAIT_CUTOFFS.littleToRingTopJoint.shortBelow,
    TRAIT_CUTOFFS.littleToRingTopJoint.longFrom,
  ],
  middleFinger: [
    'middleToIndexAndRing',
    TRAIT_CUTOFFS.middleToIndexAndRing.shortBelow,
    TRAIT_CUTOFFS.middleToIndexAndRing.longFrom,
  ],
  thumb: ['thumbToPalm', TRAIT_CUTOFFS.thumbToPalm.shortBelow, TRAIT_CUTOFFS.thumbToPalm.longFrom],
  thumbAngle: ['thumbAngle', TRAIT_CUTOFFS.thumbAngle.narrowBelow, TRAIT_CUTOFFS.thumbAngle.wideFrom],
  spacing: ['fingerSpreadDegrees', FINGER_SPACING.closeBelow, FINGER_SPACING.wideAbove],
};

/**
 * How plainly a stated class shows, by how many noise widths (the measure's spread between photos
 * of one hand) the measure lies past its cut-off. The profile states a class only a width past it;
 * within `SLIGHT_WIDTHS` the class holds but only just ("an index finger just longer than the
 * ring"), from `MARKED_WIDTHS` no re-take would bring it near the cut-off ("clearly longer").
 */
export type Degree = 'slight' | 'plain' | 'marked';
const SLIGHT_WIDTHS = 1.5;
const MARKED_WIDTHS = 2.5;

export function degreeOf(feature: string, observation: PalmObservation): Degree | undefined {
  const widths = widthsPast(feature, observation);
  if (widths === undefined) return undefined;
  return widths < SLIGHT_WIDTHS ? 'slight' : widths < MARKED_WIDTHS ? 'plain' : 'marked';
}

/**
 * How many noise widths this hand's measure lies past the cut-off of its outer class: 0 in the
 * middle tertile, undefined for a feature that is not a measured proportion.
 */
function widthsPast(feature: string, observation: PalmObservation): number | undefined {
  const measured = MEASURED_FEATURES[feature];
  if (!measured) return undefined;
  const [measure, low, high] = measured;
  const value = measuresOf(observation)[measure];
  const noise = TRAIT_RELIABILITY.noise[measure];
  if (!(noise > 0)) return undefined;
  return Math.max(0, value - high, low - value) / noise;
}
