import type { PalmProfile } from '@palm/contracts';
import type { PalmObservation } from '../palm-observation';
import { band, noiseAt, TRAIT_CUTOFFS } from '../profile/palm-profile';

/**
 * The traits the rules read, each taken from the palm profile and nothing else: a class the
 * profile leaves null is null here, and a rule that reads it stays silent. So no rule can state a
 * class the profile does not hold.
 */
export interface PalmTraits {
  handType: PalmProfile['handType'];
  palmShape: PalmProfile['palmShape'];
  fingers: PalmProfile['fingerLength'];
  indexVsRing: PalmProfile['indexVsRing'];
  /** A refinement of the profile's 'ring-longer': the ring finger past the population's tenth percentile. */
  ringMuchLonger: boolean | null;
  littleFinger: PalmProfile['littleFinger'];
  middleFinger: PalmProfile['middleFinger'];
  thumb: PalmProfile['thumbLength'];
  thumbAngle: PalmProfile['thumbAngle'];
  spacing: PalmProfile['fingerSpacing'];
  creases: PalmProfile['creaseDensity'];
  /** The line features judged against the hand's anatomy (profile/line-features.ts). */
  heartEnd: PalmProfile['heartLineEnd'];
  headStart: PalmProfile['headLineStart'];
  headEnd: PalmProfile['headLineEnd'];
  lifeArc: PalmProfile['lifeLineArc'];
  fateStart: PalmProfile['fateLineStart'];
}

export function traitsFromProfile(profile: PalmProfile, observation: PalmObservation): PalmTraits {
  const ringLonger = profile.indexVsRing === 'ring-longer';
  const much = band(
    observation.geometry.indexToRing,
    noiseAt(observation).indexToRing,
    TRAIT_CUTOFFS.indexToRing.ringMuchLongerBelow,
    TRAIT_CUTOFFS.indexToRing.ringMuchLongerBelow,
  );
  return {
    handType: profile.handType,
    palmShape: profile.palmShape,
    fingers: profile.fingerLength,
    indexVsRing: profile.indexVsRing,
    ringMuchLonger: profile.indexVsRing === null ? null : ringLonger && much === 'low',
    littleFinger: profile.littleFinger,
    middleFinger: profile.middleFinger,
    thumb: profile.thumbLength,
    thumbAngle: profile.thumbAngle,
    spacing: profile.fingerSpacing,
    creases: profile.creaseDensity,
    heartEnd: profile.heartLineEnd,
    headStart: profile.headLineStart,
    headEnd: profile.headLineEnd,
    lifeArc: profile.lifeLineArc,
    fateStart: profile.fateLineStart,
  };
}

/** Which traits of `traits` are null: a rule that reads one of them stays silent. */
export const undeterminedTraits = (traits: PalmTraits): Set<keyof PalmTraits> =>
  new Set((Object.keys(traits) as (keyof PalmTraits)[]).filter((trait) => traits[trait] === null));
