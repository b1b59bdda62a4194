import { isInsidePolygon } from '../observer/plane-geometry';
import type { Point } from '../palm-observation';

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
