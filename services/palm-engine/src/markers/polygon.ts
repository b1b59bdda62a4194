import type { Point } from '../palm-observation';

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

const SEARCH_STEPS = 20;
/** How far past the outline's edge a pulled-in point lands, as a share of its way to the centre. */
const EDGE_MARGIN = 0.08;

/**
 * The point itself when it lies inside the polygon; otherwise the point moved toward `centre`
 * just far enough to sit inside, so a marker never floats off the hand.
 */
export function keepInside(point: Point, polygon: readonly Point[], centre: Point): Point {
  if (polygon.length < 3 || isInsidePolygon(point, polygon) || !isInsidePolygon(centre, polygon))
    return point;
  const along = (t: number): Point => ({
    x: point.x + (centre.x - point.x) * t,
    y: point.y + (centre.y - point.y) * t,
  });
  let outside = 0;
  let inside = 1;
  for (let step = 0; step < SEARCH_STEPS; step++) {
    const middle = (outside + inside) / 2;
    if (isInsidePolygon(along(middle), polygon)) inside = middle;
    else outside = middle;
  }
  return along(Math.min(1, inside + EDGE_MARGIN));
}
