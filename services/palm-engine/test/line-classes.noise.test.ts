import { describe, expect, it } from 'vitest';
import { LINE_CLASSES, lineClass, seenLineClasses } from '../src/observer/crease-scan';

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

/**
 * The head line of 11k-0001013-palmar-right (../shared/palms/retest) on the two of its four photos
 * where the scan saw it, both barely (share of the corridor traced, mean valley response, bow), and
 * the heart line of 11k-0001587-palmar-right on the photos where it cleared the threshold well.
 */
const BARELY_SEEN_HEAD = [
  { length: 0.381, meanResponse: 1.641, bow: 0.034, breaks: 0 },
  { length: 0.465, meanResponse: 1.563, bow: 0.073, breaks: 0 },
];
const CLEARLY_SEEN_HEART = [
  { length: 0.613, meanResponse: 2.039, bow: 0.132, breaks: 0 },
  { length: 0.613, meanResponse: 2.136, bow: 0.076, breaks: 0 },
  { length: 0.645, meanResponse: 1.736, bow: 0.08, breaks: 0 },
  { length: 0.581, meanResponse: 1.71, bow: 0.091, breaks: 0 },
];

describe('a line seen only faintly', () => {
  it('reads as the same fine line on both photos of the hand', () => {
    const read = BARELY_SEEN_HEAD.map(seenLineClasses);
    expect(read).toEqual([{ depth: 'faint' }, { depth: 'faint' }]);
  });

  it('would have split that hand’s head line between short and medium', () => {
    const lengths = BARELY_SEEN_HEAD.map((m) => lineClass(m.length, LINE_CLASSES.length));
    expect(new Set(lengths)).toEqual(new Set(['short', 'medium']));
  });

  it('keeps the classes of a line seen clearly', () => {
    const read = CLEARLY_SEEN_HEART.map(seenLineClasses);
    expect(new Set(read.map((classes) => JSON.stringify(classes)))).toEqual(
      new Set([JSON.stringify({ length: 'medium', curvature: 'gentle', depth: 'faint', breaks: 0 })]),
    );
  });
});
