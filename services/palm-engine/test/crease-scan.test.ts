import { describe, expect, it } from 'vitest';
import type { Point } from '../src/palm-observation';
import { scanCreases } from '../src/observer/crease-scan';
import { LINE_CORRIDORS } from '../src/observer/palm-anchors';
import type { PalmFrame, PalmSurface } from '@palm/hand-pose';

const WIDTH = 120;
const HEIGHT = 192;

/** Palm coordinates straight onto a 100 × 100 "photo", so traces read as palm coordinates × 100. */
const frame: PalmFrame = {
  at: (s, t) => ({ x: s * 100, y: t * 100 }),
  corners: [
    { x: 0, y: 0 },
    { x: 100, y: 0 },
    { x: 100, y: 100 },
    { x: 0, y: 100 },
  ],
};
const identity = (p: Point) => p;
/** The surfaces here are drawn at the palm's own resolution: one surface pixel per photo pixel. */
const PALM_WIDTH_PX = WIDTH;

/** Skin: mid grey with deterministic pixel noise (a linear congruential generator). */
function skin(width = WIDTH, height = HEIGHT): PalmSurface {
  let seed = 12345;
  const luma = new Float32Array(width * height).map(() => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return 140 + ((seed / 2147483648) * 2 - 1) * 12;
  });
  return { luma, width, height };
}

/** A life line: the corridor's own path moved a little toward the palm's centre, drawn as a soft dark groove. */
const LIFE_CREASE = LINE_CORRIDORS.life.path.map(([s, t]): [number, number] => [s + 0.04, t]);

function drawCrease(surface: PalmSurface, path: [number, number][]): PalmSurface {
  const { width, height } = surface;
  const luma = Float32Array.from(surface.luma);
  const points = path.map(([s, t]) => ({ x: s * (width - 1), y: t * (height - 1) }));
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      const distance = Math.min(
        ...points.slice(1).map((b, i) => distanceToSegment({ x: column, y: row }, points[i]!, b)),
      );
      luma[row * width + column]! -= 40 * Math.exp(-(distance * distance) / 2);
    }
  }
  return { luma, width, height };
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const f = Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(p.x - a.x - f * dx, p.y - a.y - f * dy);
}

describe('crease scan', () => {
  it('traces a drawn crease in its corridor, close to where it was drawn', () => {
    const { lines } = scanCreases(drawCrease(skin(), LIFE_CREASE), frame, 30, identity, PALM_WIDTH_PX);
    expect(lines.life).toMatchObject({ seen: true, length: 'long', breaks: 0 });
    expect(lines.life.confidence).toBeGreaterThanOrEqual(0.65);
    const drawn = LIFE_CREASE.map(([s, t]) => ({ x: s * 100, y: t * 100 }));
    for (const point of lines.life.trace ?? []) {
      const off = Math.min(...drawn.slice(1).map((b, i) => distanceToSegment(point, drawn[i]!, b)));
      // Within 3 % of the palm; the crease's rounded ends reach a pixel or two past the drawn path.
      expect(off).toBeLessThan(3);
    }
    expect(lines.life.trace?.length).toBeGreaterThan(10);
  });

  it('anchors a seen line on its crease, and an unseen one in its corridor', () => {
    const { lines } = scanCreases(drawCrease(skin(), LIFE_CREASE), frame, 30, identity, PALM_WIDTH_PX);
    const drawn = LIFE_CREASE.map(([s, t]) => ({ x: s * 100, y: t * 100 }));
    const off = Math.min(...drawn.slice(1).map((b, i) => distanceToSegment(lines.life.anchor, drawn[i]!, b)));
    expect(off).toBeLessThan(2);
    const [s, t] = LINE_CORRIDORS.heart.anchor;
    expect(lines.heart.anchor).toEqual({ x: s * 100, y: t * 100 });
  });

  it('counts a gap where the crease fades out as a break, and still sees one line', () => {
    // Cut the crease's third segment in two, leaving a gap of about a tenth of the crease's length.
    const [a, b] = [LIFE_CREASE[2]!, LIFE_CREASE[3]!];
    const at = (f: number): [number, number] => [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];
    const before: [number, number][] = [...LIFE_CREASE.slice(0, 3), at(0.3)];
    const after: [number, number][] = [at(0.75), ...LIFE_CREASE.slice(3)];
    const broken = drawCrease(drawCrease(skin(), before), after);
    const { lines } = scanCreases(broken, frame, 30, identity, PALM_WIDTH_PX);
    expect(lines.life).toMatchObject({ seen: true });
    expect(lines.life.breaks).toBeGreaterThanOrEqual(1);
  });

  it('does not report the same crease again where a later corridor overlaps it', () => {
    const { lines } = scanCreases(drawCrease(skin(), LIFE_CREASE), frame, 30, identity, PALM_WIDTH_PX);
    for (const name of ['heart', 'head', 'fate', 'sun', 'marriage'] as const) {
      expect(lines[name].seen, name).toBe(false);
    }
  });

  it('sees no line in skin texture alone', () => {
    const { lines } = scanCreases(skin(), frame, 30, identity, PALM_WIDTH_PX);
    for (const line of Object.values(lines)) {
      expect(line.seen).toBe(false);
      expect(line.confidence).toBeLessThanOrEqual(0.3);
    }
  });

  it('reports nothing on a palm frame too squat for its corridors to be trusted', () => {
    const squat = drawCrease(skin(WIDTH, WIDTH), LIFE_CREASE);
    expect(
      Object.values(scanCreases(squat, frame, 30, identity, PALM_WIDTH_PX).lines).some((line) => line.seen),
    ).toBe(false);
  });
});
