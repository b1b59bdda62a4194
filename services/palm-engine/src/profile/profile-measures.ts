import type { PalmObservation } from '../palm-observation';

/** The continuous measures the profile's proportion traits are cut from. */
export const PROFILE_MEASURES = [
  'palmRatio',
  'middleToPalm',
  'indexToRing',
  'littleToRingTopJoint',
  'middleToIndexAndRing',
  'thumbToPalm',
  'thumbAngle',
  'fingerSpreadDegrees',
] as const;
export type ProfileMeasure = (typeof PROFILE_MEASURES)[number];

export function measuresOf({ geometry: g }: PalmObservation): Record<ProfileMeasure, number> {
  return {
    palmRatio: g.palmRatio,
    middleToPalm: g.middleToPalm,
    indexToRing: g.indexToRing,
    littleToRingTopJoint: g.littleToRingTopJoint,
    middleToIndexAndRing: g.fingerLengths.middle / ((g.fingerLengths.index + g.fingerLengths.ring) / 2),
    thumbToPalm: g.fingerLengths.thumb,
    thumbAngle: g.thumbAngle,
    fingerSpreadDegrees: g.fingerSpreadDegrees,
  };
}
