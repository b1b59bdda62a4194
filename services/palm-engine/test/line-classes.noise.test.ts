import { describe, expect, it } from 'vitest';
import { LINE_CLASSES, lineClass } from '../src/observer/crease-scan';

/**
 * The life line of one hand (../shared/palms/retest, 11k-0001050-palmar-left) as the scan measured
 * it on six photos: share of the corridor traced and mean valley response. Both sit near a cut-off
 * (length 0.5, depth 3).
 */
const LIFE_LENGTHS = [0.523, 0.415, 0.476, 0.547, 0.541, 0.538];
const LIFE_RESPONSES = [3.35, 3.14, 3.07, 3.14, 3.31, 3.22];

describe('line classes near a cut-off', () => {
  it('read one hand’s life line as one class on every photo', () => {
    expect(new Set(LIFE_LENGTHS.map((value) => lineClass(value, LINE_CLASSES.length)))).toEqual(
      new Set(['medium']),
    );
    expect(new Set(LIFE_RESPONSES.map((value) => lineClass(value, LINE_CLASSES.depth)))).toEqual(
      new Set(['clear']),
    );
  });

  it('would have split that hand without the noise band', () => {
    const bare = { ...LINE_CLASSES.length, noise: 0 };
    expect(new Set(LIFE_LENGTHS.map((value) => lineClass(value, bare))).size).toBe(2);
  });

  it('still asserts a side beyond the noise', () => {
    const { lowBelow, highFrom, noise } = LINE_CLASSES.curvature;
    expect(lineClass(lowBelow - noise - 0.001, LINE_CLASSES.curvature)).toBe('straight');
    expect(lineClass(highFrom + noise, LINE_CLASSES.curvature)).toBe('curved');
    expect(lineClass(lowBelow - noise / 2, LINE_CLASSES.curvature)).toBe('gentle');
  });
});
