import type { PalmFrame } from '@palm/hand-pose';
import type { Point } from '../palm-observation';
import { add, convexHull, scale, sub, centroid } from './plane-geometry';

/** Outline padding, as a fraction of the distance from the hand's centre. */
const OUTLINE_PADDING = 0.06;

/** The hand's outline: the hull of the landmarks and the palm's wrist corners, padded a little. */
export function handOutline(landmarks: readonly Point[], frame: PalmFrame): Point[] {
  const hull = convexHull([...landmarks, ...frame.corners]);
  const middle = centroid(hull);
  return hull.map((p) => add(middle, scale(sub(p, middle), 1 + OUTLINE_PADDING)));
}
