import type { PalmProfile } from '@palm/contracts';

/** Picks among phrasings by hashing stable inputs, so the same palm always reads the same. */
export interface PhraseChooser {
  pick<T>(options: readonly T[], salt: string): T;
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function fnv1a(text: string, hash = FNV_OFFSET): number {
  let h = hash;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME) >>> 0;
  }
  return h;
}

/**
 * Seeds on the palm's profile only: what the reading states of the palm, not the pixels it was
 * measured from, so two photos of one hand that state the same classes are worded alike (seeded
 * on the observation, every re-take drew every phrasing afresh), and the answers never reword the
 * facts. Another `set` words the same palm another way, as surely its own (a sparse hand's reading
 * that runs short is told in the next set).
 */
export function phraseChooserFor(profile: PalmProfile, set = 0): PhraseChooser {
  const observed = fnv1a(JSON.stringify(profile));
  const seed = set === 0 ? observed : fnv1a(`phrasing set ${set}`, observed);
  const index = (count: number, salt: string): number => {
    if (count < 1) throw new Error('a choice needs at least one option');
    // A final avalanche step spreads nearby salts ("love.0", "love.1") across the options.
    let h = fnv1a(salt, seed);
    h ^= h >>> 16;
    h = Math.imul(h, 0x45d9f3b) >>> 0;
    h = (h ^ (h >>> 16)) >>> 0;
    return h % count;
  };
  return {
    pick: <T>(options: readonly T[], salt: string): T => options[index(options.length, salt)] as T,
  };
}
