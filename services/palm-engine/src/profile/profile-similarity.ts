import {
  PROFILE_TRAIT_CLASSES,
  PROFILE_TRAIT_IDS,
  type PalmProfile,
  type ProfileTraitId,
} from '@palm/contracts';
import { TRAIT_RELIABILITY } from './trait-reliability.recorded';
import type { TraitReliabilityTable } from './trait-reliability';

/**
 * How strongly two palm profiles say "one hand" rather than "two hands", in bits: the sum, over the
 * traits both state, of the log-likelihood ratio of what they show.
 * - Agreeing on class c: log2(survival / share of c). A re-take keeps a class with the trait's
 *   measured survival; a stranger's hand shows c as often as c occurs among the palms read. So
 *   agreeing on a rare class counts for much, on a class nearly every palm has for nearly nothing.
 * - Contradicting: log2((1 − survival) / (1 − mean share of the two classes)): a re-take seldom
 *   flips a reliable trait, a stranger often differs, so one contradiction outweighs several
 *   agreements on common classes.
 * A trait either profile leaves null says nothing. Survival is counted as (agreed + 1) / (pairs + 2),
 * so a trait never seen to flip still allows that it might, and a share as (count + 1) / (palms +
 * classes), so a class never seen is rare, not impossible. Symmetric: similarity(a, b) = similarity(b, a).
 */
export function profileSimilarity(
  a: PalmProfile,
  b: PalmProfile,
  table: TraitReliabilityTable = TRAIT_RELIABILITY,
): number {
  let bits = 0;
  for (const trait of PROFILE_TRAIT_IDS) {
    const [x, y] = [a[trait], b[trait]];
    if (x === null || y === null) continue;
    const survival = smoothedSurvival(trait, table);
    bits +=
      x === y
        ? Math.log2(survival / classShare(trait, x, table))
        : Math.log2((1 - survival) / (1 - (classShare(trait, x, table) + classShare(trait, y, table)) / 2));
  }
  return bits;
}

function smoothedSurvival(trait: ProfileTraitId, table: TraitReliabilityTable): number {
  const figures = table.traits[trait];
  const agreed = (figures?.retest.agreed ?? 0) + (figures?.views.agreed ?? 0);
  const pairs = (figures?.retest.pairs ?? 0) + (figures?.views.pairs ?? 0);
  return (agreed + 1) / (pairs + 2);
}

function classShare(trait: ProfileTraitId, value: string, table: TraitReliabilityTable): number {
  const counts = table.classCounts[trait] ?? {};
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return ((counts[value] ?? 0) + 1) / (total + PROFILE_TRAIT_CLASSES[trait].length);
}
