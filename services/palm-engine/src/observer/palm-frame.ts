import type { Point } from '../palm-observation';
import { INDEX, LITTLE, WRIST } from '@palm/hand-pose';
import { add, convexHull, lerp, scale, sub, centroid } from './plane-geometry';

/**
 * The knuckle landmarks are joint centres, inside the skin: the palm's edges lie beyond them by
 * about these fractions of the knuckle width (measured by eye on the sample palms).
 */
const THUMB_SIDE_MARGIN = 0.08;
const LITTLE_SIDE_MARGIN = 0.15;
/** The palm is about this fraction of the knuckle width across at the wrist crease. */
const WRIST_WIDTH_FRACTION = 0.9;
/** Outline padding, as a fraction of the distance from the hand's centre. */
const OUTLINE_PADDING = 0.06;

/**
 * Coordinates on the palm itself, independent of how the photo was taken: `s` runs across the
 * palm from the index-finger side (0) to the little-finger edge (1), `t` from the knuckle line
 * (0) down to the wrist crease (1). Mounts and line corridors are placed in these coordinates.
 */
export interface PalmFrame {
  at(s: number, t: number): Point;
  /** Palm corners: below the index finger, below the little finger, wrist on the little-finger side, wrist on the thumb side. */
  corners: [Point, Point, Point, Point];
}

export function palmFrame(landmarks: readonly Point[]): PalmFrame {
  const indexKnuckle = landmarks[INDEX[0]]!;
  const littleKnuckle = landmarks[LITTLE[0]]!;
  const wrist = landmarks[WRIST]!;
  const knuckleLine = sub(littleKnuckle, indexKnuckle);
  const topThumbSide = sub(indexKnuckle, scale(knuckleLine, THUMB_SIDE_MARGIN));
  const topLittleSide = add(littleKnuckle, scale(knuckleLine, LITTLE_SIDE_MARGIN));
  const wristThumbSide = sub(wrist, scale(knuckleLine, WRIST_WIDTH_FRACTION / 2));
  const wristLittleSide = add(wrist, scale(knuckleLine, WRIST_WIDTH_FRACTION / 2));
  return {
    at: (s, t) => lerp(lerp(topThumbSide, topLittleSide, s), lerp(wristThumbSide, wristLittleSide, s), t),
    corners: [topThumbSide, topLittleSide, wristLittleSide, wristThumbSide],
  };
}

/** The hand's outline: the hull of the landmarks and the palm's wrist corners, padded a little. */
export function handOutline(landmarks: readonly Point[], frame: PalmFrame): Point[] {
  const hull = convexHull([...landmarks, ...frame.corners]);
  const middle = centroid(hull);
  return hull.map((p) => add(middle, scale(sub(p, middle), 1 + OUTLINE_PADDING)));
}
