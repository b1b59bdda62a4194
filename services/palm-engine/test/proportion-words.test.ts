import { describe, expect, it } from 'vitest';
import { fractionInWords, proportionInWords } from '../src/narrator/proportion-words';
import { palmProfileOf } from '../src/profile/palm-profile';
import { traitsFromProfile } from '../src/rules/palm-traits';
import { EVERY_TRAIT_RELIABLE } from './fixtures/every-trait-reliable';
import { PALM_FIXTURES } from './fixtures/palm-observations';

const base = PALM_FIXTURES['earth-right-deep-lines'];
const withGeometry = (geometry: Partial<typeof base.geometry>) => ({
  ...base,
  geometry: { ...base.geometry, ...geometry },
});

describe('a hand’s measured proportions in words', () => {
  it('says a share as the nearest plain fraction, and on which side of it the hand lies', () => {
    expect(fractionInWords(0.5)).toBe('about half');
    expect(fractionInWords(0.32)).toBe('nearly a third');
    expect(fractionInWords(0.86)).toBe('nearly nine tenths');
    expect(fractionInWords(0.27)).toBe('just over a quarter');
  });

  it('words two hands of one class differently when their measures differ', () => {
    const words = [0.18, 0.3].map((spread) => {
      const observation = withGeometry({ palmRatio: 1 + spread });
      const traits = traitsFromProfile(palmProfileOf(observation, EVERY_TRAIT_RELIABLE), observation);
      return proportionInWords('palmShape', traits, observation);
    });
    expect(words[0]).toMatch(/longer from wrist to middle knuckle than it is wide across the knuckles$/);
    expect(new Set(words).size).toBe(2);
  });

  it('never words a little finger against its class, and says nothing for a trait the profile left open', () => {
    const observation = withGeometry({ littleToRingTopJoint: 0.97 });
    const profile = palmProfileOf(observation, EVERY_TRAIT_RELIABLE);
    const traits = traitsFromProfile(profile, observation);
    const words = proportionInWords('littleFinger', traits, observation);
    if (traits.littleFinger === 'reaching') expect(words).not.toMatch(/short|height/);
    if (traits.littleFinger === 'short') expect(words).toMatch(/only just|height/);
    expect(words).toBeDefined();
    expect(proportionInWords('littleFinger', { ...traits, littleFinger: null }, observation)).toBeUndefined();
    expect(proportionInWords('heartEnd', traits, observation)).toBeUndefined();
  });
});
