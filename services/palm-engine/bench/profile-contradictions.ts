import { PROFILE_TRAIT_IDS, type PalmProfile } from '@palm/contracts';

/** Issue #28: two readings contradict on a trait that is non-null in both with different classes. */
export const contradictions = (a: PalmProfile, b: PalmProfile) =>
  PROFILE_TRAIT_IDS.filter((t) => a[t] !== null && b[t] !== null && a[t] !== b[t]).length;

/** How many traits a profile states. */
export const determined = (p: PalmProfile) => PROFILE_TRAIT_IDS.filter((t) => p[t] !== null).length;

/** The share of pairs that contradict on nothing. */
export const freeOf = (counts: readonly number[]) =>
  counts.filter((n) => n === 0).length / (counts.length || 1);
