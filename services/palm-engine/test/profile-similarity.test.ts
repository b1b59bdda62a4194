import { PROFILE_TRAIT_IDS, type PalmProfile } from '@palm/contracts';
import { describe, expect, it } from 'vitest';
import { profileSimilarity } from '../src/profile/profile-similarity';
import type { TraitReliabilityTable } from '../src/profile/trait-reliability';
import { EVERY_TRAIT_RELIABLE } from './fixtures/every-trait-reliable';

const empty = Object.fromEntries(PROFILE_TRAIT_IDS.map((id) => [id, null])) as PalmProfile;
const profile = (traits: Partial<PalmProfile>): PalmProfile => ({ ...empty, ...traits });

/** 98 of 100 re-takes kept each class; among 100 strangers' palms 'oblong' is common, 'square' rare. */
const table: TraitReliabilityTable = {
  ...EVERY_TRAIT_RELIABLE,
  traits: Object.fromEntries(
    PROFILE_TRAIT_IDS.map((id) => [
      id,
      { retest: { pairs: 50, agreed: 49 }, views: { pairs: 50, agreed: 49 } },
    ]),
  ),
  classCounts: {
    palmShape: { square: 5, balanced: 15, oblong: 80 },
    fingerLength: { short: 30, medium: 40, long: 30 },
    handSide: { left: 50, right: 50 },
  },
};
const similarity = (a: Partial<PalmProfile>, b: Partial<PalmProfile>) =>
  profileSimilarity(profile(a), profile(b), table);

describe('profileSimilarity: how strongly two profiles say one hand', () => {
  it('counts nothing for a trait either profile leaves undetermined', () => {
    expect(similarity({}, {})).toBe(0);
    expect(similarity({ palmShape: 'square' }, { fingerLength: 'long' })).toBe(0);
  });

  it('weighs an agreement on a rare class above one on a class most palms have', () => {
    const rare = similarity({ palmShape: 'square' }, { palmShape: 'square' });
    const common = similarity({ palmShape: 'oblong' }, { palmShape: 'oblong' });
    expect(rare).toBeGreaterThan(common);
    expect(common).toBeGreaterThan(0);
    // log2(survival / share): survival (98 + 1) / (100 + 2), share (5 + 1) / (100 + 3).
    expect(rare).toBeCloseTo(Math.log2(99 / 102 / (6 / 103)), 10);
  });

  it('lets one contradiction outweigh several agreements on common classes', () => {
    const agreeing = { palmShape: 'oblong', handSide: 'left' } as const;
    expect(similarity(agreeing, agreeing)).toBeGreaterThan(0);
    expect(
      similarity({ ...agreeing, fingerLength: 'short' }, { ...agreeing, fingerLength: 'long' }),
    ).toBeLessThan(0);
  });

  it('is symmetric and sums over traits', () => {
    const a = { palmShape: 'square', fingerLength: 'short', handSide: 'right' } as const;
    const b = { palmShape: 'balanced', fingerLength: 'short', handSide: 'right' } as const;
    expect(similarity(a, b)).toBeCloseTo(similarity(b, a), 12);
    expect(similarity(a, b)).toBeCloseTo(
      similarity({ palmShape: 'square' }, { palmShape: 'balanced' }) +
        similarity({ fingerLength: 'short' }, { fingerLength: 'short' }) +
        similarity({ handSide: 'right' }, { handSide: 'right' }),
      12,
    );
  });

  it('ranks a less reliable trait lower: a re-take that flips often proves less by agreeing and by differing', () => {
    const shaky: TraitReliabilityTable = {
      ...table,
      traits: {
        ...table.traits,
        palmShape: { retest: { pairs: 50, agreed: 40 }, views: { pairs: 50, agreed: 40 } },
      },
    };
    const same = profile({ palmShape: 'square' });
    const other = profile({ palmShape: 'oblong' });
    expect(profileSimilarity(same, same, shaky)).toBeLessThan(profileSimilarity(same, same, table));
    expect(profileSimilarity(same, other, shaky)).toBeGreaterThan(profileSimilarity(same, other, table));
  });
});
