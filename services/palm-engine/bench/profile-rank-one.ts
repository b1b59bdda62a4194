import type { PalmProfile } from '@palm/contracts';
import { profileSimilarity } from '@palm/palm-engine';

interface Profiled {
  hand: string;
  profile: PalmProfile;
}

/**
 * Rank-1 re-identification by profile: the share of readings whose most similar other reading
 * (`profileSimilarity`) is of the same hand. Readings that tie for most similar are drawn from at
 * random, so a reading tied with k others of which m are its hand's counts m / k: a tie neither
 * helps nor hurts beyond chance. `comparable` says which other readings a reading is matched
 * against (pooled readings: those sharing no photo); readings with no comparable reading of their
 * own hand are not counted.
 */
export function rankOne<T extends Profiled>(
  readings: readonly T[],
  comparable: (a: T, b: T) => boolean = (a, b) => a !== b,
): { share: number; readings: number } {
  let credit = 0;
  let counted = 0;
  for (const reading of readings) {
    const others = readings.filter((other) => other !== reading && comparable(reading, other));
    if (!others.some((other) => other.hand === reading.hand)) continue;
    const scored = others.map((other) => ({
      other,
      similarity: profileSimilarity(reading.profile, other.profile),
    }));
    const best = Math.max(...scored.map((s) => s.similarity));
    const tied = scored.filter((s) => s.similarity >= best - 1e-9);
    credit += tied.filter((s) => s.other.hand === reading.hand).length / tied.length;
    counted++;
  }
  return { share: credit / (counted || 1), readings: counted };
}
