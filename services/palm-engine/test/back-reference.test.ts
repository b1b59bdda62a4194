import { describe, expect, it } from 'vitest';
import { afterNaming, backReferences, pronounFor, referringBack } from '../src/narrator/back-reference';

describe('referring back to a feature just named', () => {
  it('says a classed feature as "such a …" and a quality of it as "its …" or "their …"', () => {
    expect(referringBack('Your long thumb points to determination.')?.text).toBe(
      'such a thumb points to determination.',
    );
    expect(referringBack('your long fingers suggest a thoughtful lover.')?.text).toBe(
      'such fingers suggest a thoughtful lover.',
    );
    expect(referringBack('Your longer index finger suggests self-belief.')?.text).toBe(
      'such an index finger suggests self-belief.',
    );
    expect(referringBack('The generous angle of your thumb is read as openness.')?.text).toBe(
      'its generous angle is read as openness.',
    );
    expect(
      referringBack('The reach of your index finger past the ring finger is read as self-belief.')?.text,
    ).toBe('its reach past the ring finger is read as self-belief.');
    expect(referringBack('The length of your fingers suggests patience.')?.text).toBe(
      'their length suggests patience.',
    );
  });

  it('leaves a clause alone that does not open on its feature and a verb', () => {
    expect(referringBack('Your thumb that opens wide suggests generosity.')).toBeUndefined();
    expect(referringBack('A long thumb points to determination.')).toBeUndefined();
    expect(referringBack('Your Hridaya rekha is long.')).toBeUndefined();
    expect(pronounFor('Your long thumb points to determination.')).toBeUndefined();
  });

  it('says a bare feature as a pronoun, keeping its number', () => {
    expect(pronounFor('Your palm suggests an inner world.')).toBe('it suggests an inner world.');
    expect(pronounFor('Your fingers point to patience.')).toBe('they point to patience.');
  });

  it('refers back only after a clause that names the feature itself, not a place on it', () => {
    const thumbFinding = 'Your long thumb points to determination.';
    expect(afterNaming('Your thumb is very long', thumbFinding)).toBe(
      'such a thumb points to determination.',
    );
    expect(afterNaming('Your head line is long', thumbFinding)).toBe(thumbFinding);
    const palmFinding = 'Your square palm points to steady energy.';
    expect(afterNaming('It runs three-quarters of the way across your palm', palmFinding)).toBe(palmFinding);
    expect(afterNaming('Your fingers are very long for your palm', palmFinding)).toBe(palmFinding);
    expect(afterNaming('Here your square palm carries the thread of “Sure footing”', palmFinding)).toBe(
      'such a palm points to steady energy.',
    );
  });

  it('keeps apart two clauses on one feature where the second cannot refer back', () => {
    expect(
      afterNaming(
        'The reach of your head line suggests a planner.',
        'Your head line dreams where your squarish palm checks.',
      ),
    ).toBeUndefined();
  });

  it('offers the markers every form a finding may take after its feature is named', () => {
    expect(backReferences('Your long thumb points to determination')).toEqual([
      'such a thumb points to determination',
    ]);
    expect(backReferences('Your thumb points to determination')).toEqual(['it points to determination']);
    expect(backReferences('A long thumb points to determination')).toEqual([]);
  });
});
