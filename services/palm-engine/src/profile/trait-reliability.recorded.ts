import type { TraitReliabilityTable } from './trait-reliability';

/** Placeholder until `npm run bench:reliability` records the figures. */
export const TRAIT_RELIABILITY: TraitReliabilityTable = {
  measured: 'not measured yet',
  noise: {
    palmRatio: 0.09,
    middleToPalm: 0.026,
    indexToRing: 0.023,
    littleToRingTopJoint: 0.034,
    middleToIndexAndRing: 0.011,
    thumbToPalm: 0.025,
    thumbAngle: 4.6,
    fingerSpreadDegrees: 2.6,
  },
  traits: {},
  commonTags: [],
};
