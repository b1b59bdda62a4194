import { describe, expect, it } from 'vitest';
import { pickWeighted } from '../src/traffic-split';
import { seededRandom } from '../../../tests/support/seeded-random';

function shares(weights: number[], draws: number, seed: number): number[] {
  const entries = weights.map((trafficPercentage, index) => ({ index, trafficPercentage }));
  const random = seededRandom(seed);
  const counts = weights.map(() => 0);
  for (let i = 0; i < draws; i++) {
    const picked = pickWeighted(entries, random());
    if (picked) counts[picked.index]! += 1;
  }
  return counts.map((count) => (count / draws) * 100);
}

describe('pickWeighted', () => {
  it.each([
    [[50, 50], 1],
    [[33, 67], 2],
    [[33, 33, 34], 3],
    [[10, 90], 4],
  ])('splits 10 000 draws within 2 points of the weights %j', (weights, seed) => {
    const observed = shares(weights, 10_000, seed);
    weights.forEach((weight, index) => expect(Math.abs(observed[index]! - weight)).toBeLessThanOrEqual(2));
  });

  it('treats percentages that do not total 100 as relative weights', () => {
    const observed = shares([20, 20], 10_000, 5);
    expect(Math.abs(observed[0]! - 50)).toBeLessThanOrEqual(2);
  });

  it('never picks an entry at 0 % and gives nothing when no entry has weight', () => {
    const entries = [
      { id: 'off', trafficPercentage: 0 },
      { id: 'on', trafficPercentage: 100 },
    ];
    for (const draw of [0, 0.25, 0.5, 0.999999]) expect(pickWeighted(entries, draw)?.id).toBe('on');
    expect(pickWeighted([{ trafficPercentage: 0 }], 0.5)).toBeUndefined();
    expect(pickWeighted([], 0.5)).toBeUndefined();
  });

  it('maps the ends of the draw range to the first and last entry', () => {
    const entries = [
      { id: 'a', trafficPercentage: 33 },
      { id: 'b', trafficPercentage: 67 },
    ];
    expect(pickWeighted(entries, 0)?.id).toBe('a');
    expect(pickWeighted(entries, 0.3299)?.id).toBe('a');
    expect(pickWeighted(entries, 0.33)?.id).toBe('b');
    expect(pickWeighted(entries, 1)?.id).toBe('b');
  });
});
