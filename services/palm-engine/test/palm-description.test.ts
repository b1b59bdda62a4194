import { describe, expect, it } from 'vitest';
import {
  briefly,
  featureWords,
  namedBarelyAfterTwice,
  namedOnce,
  unsettledTraits,
} from '../src/narrator/palm-description';
import { palmProfileOf } from '../src/profile/palm-profile';
import { traitsFromProfile } from '../src/rules/palm-traits';
import { PALM_FIXTURES } from './fixtures/palm-observations';

describe('namedOnce', () => {
  const little = 'your little finger that rises well past the ring finger’s top joint';

  it('describes a trait at length once, then names it in a word or two, grade kept', () => {
    expect(
      namedOnce(
        [
          'Your little finger that rises well past the ring finger’s top joint points to a welcoming nature.',
          `For earning and keeping, read ${little} this way.`,
          `This part rests on ${little} and the openness it speaks of.`,
        ],
        [little],
      ),
    ).toEqual([
      'Your little finger that rises well past the ring finger’s top joint points to a welcoming nature.',
      'For earning and keeping, read your very long little finger this way.',
      'This part rests on your very long little finger and the openness it speaks of.',
    ]);
    expect(briefly('an index finger just longer than the ring')).toBe('your slightly longer index finger');
    expect(briefly('a thumb that opens wide')).toBe('your wide-opening thumb');
  });

  it('leaves a trait said in a word or two as it is, and a line by its plain name', () => {
    const texts = ['Your very long fingers speak of care.', 'Read your very long fingers this way.'];
    expect(namedOnce(texts, ['your very long fingers'])).toEqual(texts);
    expect(briefly('your very long fingers')).toBe('your very long fingers');
    expect(briefly('a long, gently curved heart line ending under the middle finger')).toBe(
      'your heart line',
    );
  });
});

describe('namedBarelyAfterTwice', () => {
  const wide = 'your thumb that opens very wide';

  it('names a trait bare once its class has been heard twice in the section', () => {
    const little = 'your little finger that rises well past the ring finger’s top joint';
    const texts = [
      'Your little finger that rises well past the ring finger’s top joint points to a welcoming nature.',
      `For earning and keeping, read ${little} this way.`,
      `This part rests on ${little} and the openness it speaks of.`,
    ];
    expect(namedBarelyAfterTwice(namedOnce(texts, [little]), [little])).toEqual([
      texts[0],
      'For earning and keeping, read your very long little finger this way.',
      'This part rests on your little finger and the openness it speaks of.',
    ]);
  });

  it('hears the class in a statement of how plainly it shows, but not in another trait of the same finger', () => {
    const after = [
      'Keep the openness of your very wide-opening thumb in mind.',
      'Here we read instead your very wide-opening thumb.',
    ];
    expect(
      namedBarelyAfterTwice(
        ['Your thumb opens very wide, and palmists read warmth in it.', ...after],
        [wide],
      ),
    ).toEqual([
      'Your thumb opens very wide, and palmists read warmth in it.',
      after[0],
      'Here we read instead your thumb.',
    ]);
    const length = ['Your thumb is very short, read as an easy-going will.', ...after];
    expect(namedBarelyAfterTwice(length, [wide])).toEqual(length);
  });

  it('leaves a trait heard twice, and a line, as they are', () => {
    const texts = ['Your very long fingers speak of care.', 'Read your very long fingers this way.'];
    expect(namedBarelyAfterTwice(texts, ['your very long fingers'])).toEqual(texts);
    const line = ['Your heart line is long.', 'Your heart line speaks.', 'Read your heart line so.'];
    expect(namedBarelyAfterTwice(line, ['your long heart line'])).toEqual(line);
  });
});

describe('featureWords', () => {
  it('says the middle finger against its neighbours, as it is measured, never against the hand', () => {
    // Beside "short fingers" (the middle finger over the palm), "long for your hand" would contradict.
    for (const observation of Object.values(PALM_FIXTURES)) {
      const traits = traitsFromProfile(palmProfileOf(observation), observation);
      for (const middleFinger of ['short', 'balanced', 'long'] as const) {
        const words = featureWords('middleFinger', { ...traits, middleFinger }, observation);
        expect(words).toMatch(/\bneighbours\b/);
        expect(words).not.toMatch(/for your hand/);
      }
    }
  });
});

describe('unsettledTraits', () => {
  it('names what this photo left open, never a trait no photo settles (the spacing reads the pose)', () => {
    const observation = PALM_FIXTURES['water-left-fine-lines'];
    const profile = {
      ...palmProfileOf(observation),
      thumbLength: null,
      fingerSpacing: null,
      creaseDensity: null,
    };
    const said = unsettledTraits(traitsFromProfile(profile, observation), observation);
    expect(said).toContain('the length of your thumb');
    expect(said).not.toContain('spaced');
    expect(said).not.toContain('creases');
    expect(said).not.toContain('edge of the photo');
  });

  it('says why, where the photo ran past the fingertips', () => {
    const observation = { ...PALM_FIXTURES['water-left-fine-lines'], fingersCutOff: true };
    const said = unsettledTraits(traitsFromProfile(palmProfileOf(observation), observation), observation);
    expect(said).toContain('the length of your fingers');
    expect(said).toMatch(/\(the fingertips run past the edge of the photo\)$/);
  });
});
