import type { Point } from '../palm-observation';

export function add(a: Point, b: Point): Point {
  return { x: a.x + b.x, y: a.y + b.y };
}

export function sub(a: Point, b: Point): Point {
  return { x: a.x - b.x, y: a.y - b.y };
}

export function scale(a: Point, factor: number): Point {
  return { x: a.x * factor, y: a.y * factor };
}

/** The point `t` of the way from `a` to `b`. */
export function lerp(a: Point, b: Point, t: number): Point {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function dot(a: Point, b: Point): number {
  return a.x * b.x + a.y * b.y;
}

/** z of the 2-D cross product; its sign tells on which side of `a` the vector `b` turns. */
export function cross(a: Point, b: Point): number {
  return a.x * b.y - a.y * b.x;
}

export function centroid(points: readonly Point[]): Point {
  const sum = points.reduce((acc, p) => add(acc, p), { x: 0, y: 0 });
  return scale(sum, 1 / Math.max(points.length, 1));
}

/** Angle between two vectors, in degrees (0–180). */
export function angleBetween(a: Point, b: Point): number {
  const cosine = dot(a, b) / (Math.hypot(a.x, a.y) * Math.hypot(b.x, b.y) || 1);
  return (Math.acos(Math.min(1, Math.max(-1, cosine))) * 180) / Math.PI;
}

export function polygonArea(polygon: readonly Point[]): number {
  let twiceArea = 0;
  polygon.forEach((p, i) => {
    const q = polygon[(i + 1) % polygon.length] ?? p;
    twiceArea += cross(p, q);
  });
  return Math.abs(twiceArea) / 2;
}

/** Convex hull (Andrew's monotone chain), counter-clockwise in a y-up sense. */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const turn = (o: Point, a: Point, b: Point) => cross(sub(a, o), sub(b, o));
  const build = (ordered: Point[]) => {
    const chain: Point[] = [];
    for (const p of ordered) {
      while (chain.length >= 2 && turn(chain[chain.length - 2]!, chain[chain.length - 1]!, p) <= 0)
        chain.pop();
      chain.push(p);
    }
    chain.pop();
    return chain;
  };
  return [...build(sorted), ...build([...sorted].reverse())];
}

/** Even-odd ray casting; points on an edge may fall either way. */
export function isInsidePolygon(point: Point, polygon: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i]!;
    const b = polygon[j]!;
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}
