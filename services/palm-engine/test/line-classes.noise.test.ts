import { describe, expect, it } from 'vitest';
import {
  LINE_CLASSES,
  LINE_NOISE,
  lineClass,
  NOISE_MULTIPLE,
  lineNoiseFor,
  seenLineClasses,
} from '../src/observer/crease-scan';
import { MIN_SURFACE_WIDTH } from '@palm/hand-pose';

/** The retest photos' palms are 29–55 px across: the scan upsamples them. */
const SMALL_PALM = LINE_NOISE.upsampled;

/**
 * The life line of one hand (../shared/palms/retest, 11k-0001050-palmar-left) as the scan measured
 * it on six photos: share of the corridor traced and mean valley response. Both sit near a cut-off
 * (length 0.5, depth 3).
 */
const LIFE_LENGTHS = [0.523, 0.415, 0.476, 0.547, 0.541, 0.538];
const LIFE_RESPONSES = [3.35, 3.14, 3.07, 3.14, 3.31, 3.22];

describe('line classes near a cut-off', () => {
  it('read one hand’s life line as one class on every photo', () => {
    expect(
      new Set(LIFE_LENGTHS.map((value) => lineClass(value, LINE_CLASSES.length, SMALL_PALM.length))),
    ).toEqual(new Set(['medium']));
    expect(
      new Set(LIFE_RESPONSES.map((value) => lineClass(value, LINE_CLASSES.depth, SMALL_PALM.depth))),
    ).toEqual(new Set(['clear']));
  });

  it('would have split that hand without the noise band', () => {
    expect(new Set(LIFE_LENGTHS.map((value) => lineClass(value, LINE_CLASSES.length, 0))).size).toBe(2);
  });

  it('still asserts a side beyond the noise', () => {
    const { lowBelow, highFrom } = LINE_CLASSES.curvature;
    const margin = NOISE_MULTIPLE * LINE_NOISE.resolved.curvature;
    const read = (bow: number) => lineClass(bow, LINE_CLASSES.curvature, LINE_NOISE.resolved.curvature);
    expect(read(lowBelow - margin - 0.001)).toBe('straight');
    expect(read(highFrom + margin)).toBe('curved');
    expect(read(lowBelow - margin / 2)).toBe('gentle');
  });
});

describe('line noise by the palm’s size in the photo', () => {
  it('takes the retest set’s noise for a palm the scan upsamples, the view changes’ noise otherwise', () => {
    expect(lineNoiseFor(37)).toBe(LINE_NOISE.upsampled);
    expect(lineNoiseFor(MIN_SURFACE_WIDTH - 1)).toBe(LINE_NOISE.upsampled);
    expect(lineNoiseFor(MIN_SURFACE_WIDTH)).toBe(LINE_NOISE.resolved);
    expect(lineNoiseFor(160)).toBe(LINE_NOISE.resolved);
  });

  it('asserts on a phone photo’s palm a class that a palm a few dozen pixels wide cannot carry', () => {
    // A heart line's bow as the retest set measured it on the photo of a hand where it read curved
    // (11k-0001541-palmar-right), where the hand's other photos measured 0.077.
    const measures = { length: 0.74, meanResponse: 1.67, bow: 0.16, breaks: 0 };
    expect(seenLineClasses(measures, lineNoiseFor(160)).curvature).toBe('curved');
    expect(seenLineClasses(measures, lineNoiseFor(37)).curvature).toBe('gentle');
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
    const read = BARELY_SEEN_HEAD.map((measures) => seenLineClasses(measures, SMALL_PALM));
    expect(read).toEqual([{ depth: 'faint' }, { depth: 'faint' }]);
  });

  it('would have split that hand’s head line between straight and gentle on the bare cut-offs', () => {
    const bows = BARELY_SEEN_HEAD.map((m) => lineClass(m.bow, LINE_CLASSES.curvature, 0));
    expect(new Set(bows)).toEqual(new Set(['straight', 'gentle']));
  });

  it('keeps the classes of a line seen clearly', () => {
    const read = CLEARLY_SEEN_HEART.map((measures) => seenLineClasses(measures, SMALL_PALM));
    expect(new Set(read.map((classes) => JSON.stringify(classes)))).toEqual(
      new Set([JSON.stringify({ length: 'medium', curvature: 'gentle', depth: 'faint', breaks: 0 })]),
    );
  });
});
