import type { ProfileTraitId } from '@palm/contracts';
import type { ProfileMeasure } from './profile-measures';

/** How often a trait's class survived a re-take: `agreed` of `pairs` where both readings stated a class. */
export interface TraitSurvival {
  pairs: number;
  agreed: number;
}

export interface TraitReliabilityTable {
  /** How and on what the figures were measured, for whoever reads this file. */
  measured: string;
  /** Root-mean-square spread of each measure within one hand: the noise bands' width. */
  noise: Record<ProfileMeasure, number>;
  /**
   * The noise of a photo whose fingers lift toward the camera (the steepest long finger out of the
   * palm's plane, from the 3-D landmarks): a lifted finger is foreshortened on the photo and its tip
   * stands off the palm, so such a photo strays further from its hand's other photos. The noise grows
   * from `noise` at `fromDegrees` to this `noise` at `toDegrees` (never narrower than `noise`), so a
   * photo near the middle is not read by one noise and its re-take by the other.
   */
  liftedNoise: { fromDegrees: number; toDegrees: number; noise: Record<ProfileMeasure, number> };
  traits: Partial<Record<ProfileTraitId, { retest: TraitSurvival; views: TraitSurvival }>>;
  /**
   * How many of the palms read outside the retest set (../shared/palms palm/ and lines/) state each
   * class before the reliability gate: how common a class is among strangers' hands.
   */
  classCounts: Partial<Record<ProfileTraitId, Record<string, number>>>;
  /** Basis tags that fired on more than the allowed share of read palms: they tell no palm apart. */
  commonTags: readonly string[];
  /**
   * Traits whose measure varies more between photos of one hand than between hands: what they
   * read is how the hand was held, not the hand, so they are never stated.
   */
  poseTraits: readonly ProfileTraitId[];
}
