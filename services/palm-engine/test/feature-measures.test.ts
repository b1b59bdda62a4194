import { describe, expect, it } from 'vitest';
import { degreeAt, type Degree } from '../src/narrator/feature-measures';

/** The within-hand spread of a measure is one noise width, so two photos of one hand differ by √2. */
const RETAKE_WIDTHS = Math.SQRT2;

describe('degreeAt', () => {
  const grid = Array.from({ length: 121 }, (_, i) => 1 + i * 0.05);
  const widthsGraded = (degree: Degree) => grid.filter((widths) => degreeAt(widths) === degree);

  it('grades a stated class from "only just" near its cut-off to "markedly" far past it', () => {
    expect(degreeAt(1)).toBe('slight');
    expect(degreeAt(2)).toBe('plain');
    expect(degreeAt(6)).toBe('marked');
    const order: Degree[] = ['slight', 'plain', 'marked'];
    const grades = grid.map((widths) => order.indexOf(degreeAt(widths)));
    expect(grades).toEqual([...grades].sort((a, b) => a - b));
  });

  it('keeps "only just" and "markedly" over one and a half re-takes apart, so a re-take moves a hand a grade at most', () => {
    const slightest = Math.max(...widthsGraded('slight'));
    const markedFrom = Math.min(...widthsGraded('marked'));
    expect(markedFrom - slightest).toBeGreaterThan(1.5 * RETAKE_WIDTHS);
  });
});
