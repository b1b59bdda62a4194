export interface Weighted {
  trafficPercentage: number;
}

/**
 * Picks one entry with probability proportional to its traffic percentage, from a draw in [0, 1).
 * Percentages need not total 100 (the operator is warned when they do not): they are weights.
 * Entries at 0 % are never picked; undefined when nothing has weight.
 */
export function pickWeighted<T extends Weighted>(entries: readonly T[], draw: number): T | undefined {
  const candidates = entries.filter((entry) => entry.trafficPercentage > 0);
  const total = candidates.reduce((sum, entry) => sum + entry.trafficPercentage, 0);
  if (total <= 0) return undefined;
  let remaining = Math.min(Math.max(draw, 0), 1) * total;
  for (const entry of candidates) {
    remaining -= entry.trafficPercentage;
    if (remaining < 0) return entry;
  }
  return candidates.at(-1);
}
