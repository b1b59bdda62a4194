import { describe, expect, it } from 'vitest';
import { layoutMarkers, smoothPath, splitSentences } from './marker-layout';

const intersects = (a: { x: number; y: number }, b: { x: number; y: number }, size: number) =>
  Math.abs(a.x - b.x) < size && Math.abs(a.y - b.y) < size;

describe('layoutMarkers', () => {
  it('keeps markers on their anchors when there is room', () => {
    const anchors = [
      { x: 50, y: 50 },
      { x: 200, y: 200 },
    ];
    expect(layoutMarkers(anchors, { width: 300, height: 300, size: 30, gap: 4 })).toEqual(anchors);
  });

  it('moves crowded markers apart, inside the frame, so no two boxes intersect', () => {
    // Fourteen anchors crowded into 100 × 90 px, as on a phone.
    const anchors = Array.from({ length: 14 }, (_, i) => ({ x: 100 + (i % 4) * 25, y: 150 + (i % 5) * 18 }));
    for (const [width, height, size] of [
      [290, 390, 28],
      [416, 555, 34],
    ] as const) {
      const placed = layoutMarkers(anchors, { width, height, size, gap: 4 });
      for (const [i, a] of placed.entries()) {
        expect(a.x).toBeGreaterThanOrEqual(size / 2);
        expect(a.y).toBeLessThanOrEqual(height - size / 2);
        for (const b of placed.slice(i + 1)) expect(intersects(a, b, size)).toBe(false);
      }
      // The nearest free spot: nobody is sent further than a few rings away.
      const farthest = Math.max(
        ...placed.map((p, i) => Math.hypot(p.x - anchors[i]!.x, p.y - anchors[i]!.y)),
      );
      expect(farthest).toBeLessThan(size * 4);
    }
  });
});

describe('layoutMarkers around traced lines (phone)', () => {
  it('moves markers off the points kept clear, near their anchors, still apart from each other', () => {
    // A line across the frame at y = 100, with three markers anchored on it.
    const line = Array.from({ length: 61 }, (_, i) => ({ x: i * 5, y: 100 }));
    const anchors = [
      { x: 60, y: 100 },
      { x: 150, y: 100 },
      { x: 160, y: 102 },
    ];
    const size = 24;
    const placed = layoutMarkers(anchors, { width: 300, height: 300, size, gap: 4, keepClear: line });
    for (const [i, box] of placed.entries()) {
      for (const point of line)
        expect(Math.hypot(point.x - box.x, point.y - box.y)).toBeGreaterThan(size / 2);
      expect(Math.hypot(box.x - anchors[i]!.x, box.y - anchors[i]!.y)).toBeLessThan(size * 2);
      for (const other of placed.slice(i + 1)) expect(intersects(box, other, size)).toBe(false);
    }
    // Without points to keep clear the same markers sit on the line.
    expect(layoutMarkers(anchors.slice(0, 2), { width: 300, height: 300, size, gap: 4 })).toEqual(
      anchors.slice(0, 2),
    );
  });
});

describe('smoothPath and splitSentences', () => {
  it('draws a path through the first and last point', () => {
    const path = smoothPath([
      { x: 10, y: 10 },
      { x: 20, y: 15 },
      { x: 30, y: 12 },
    ]);
    expect(path.startsWith('M 10 10')).toBe(true);
    expect(path.endsWith('30 12')).toBe(true);
    expect(smoothPath([{ x: 1, y: 1 }])).toBe('');
  });

  it('splits prose into sentences the way the engine counts them', () => {
    expect(splitSentences('One here. Two: yes! Three… and four?')).toEqual([
      'One here.',
      'Two: yes!',
      'Three…',
      'and four?',
    ]);
  });
});
