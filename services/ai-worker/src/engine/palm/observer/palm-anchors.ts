import type { LineName, MountName, Point } from '../palm-observation';
import { INDEX, LITTLE, MIDDLE, RING, THUMB, WRIST } from './hand-landmarks';
import type { PalmFrame } from './palm-frame';
import { centroid, lerp } from './plane-geometry';

/** How far a finger mount sits from its knuckle toward the palm centre. */
const FINGER_MOUNT_DEPTH = 0.25;

/**
 * Mount anchors after vedic-palmistry-notes §4.2: the finger mounts just below their knuckles,
 * toward the palm centre; Shukra on the thumb ball; Chandra low on the percussion; the inner
 * Mangal between thumb and index, the outer one on the percussion between heart and head lines;
 * Rahu (the plain of Mars) in the palm centre.
 */
export function mountAnchors(landmarks: readonly Point[], frame: PalmFrame): Record<MountName, Point> {
  const at = (i: number) => landmarks[i]!;
  const rahu = centroid([at(WRIST), at(INDEX[0]), at(LITTLE[0])]);
  const belowKnuckle = (knuckle: number) => lerp(at(knuckle), rahu, FINGER_MOUNT_DEPTH);
  return {
    guru: belowKnuckle(INDEX[0]),
    shani: belowKnuckle(MIDDLE[0]),
    surya: belowKnuckle(RING[0]),
    budh: belowKnuckle(LITTLE[0]),
    shukra: lerp(centroid([at(WRIST), at(THUMB[0]), at(THUMB[1])]), rahu, 0.25),
    chandra: frame.at(0.85, 0.72),
    mangal_inner: lerp(lerp(at(THUMB[1]), at(INDEX[0]), 0.5), rahu, 0.25),
    mangal_outer: frame.at(0.88, 0.42),
    rahu,
  };
}

/** Where each line runs on a typical palm, as a polyline in palm coordinates (s across, t down). */
export interface LineCorridor {
  path: [number, number][];
  /** Half the corridor's width, in the palm coordinate perpendicular to the path. */
  halfWidth: number;
  /** Anchor for the line's marker. */
  anchor: [number, number];
}

export const LINE_CORRIDORS: Record<LineName, LineCorridor> = {
  heart: {
    path: [
      [1, 0.27],
      [0.7, 0.22],
      [0.4, 0.17],
      [0.15, 0.1],
    ],
    halfWidth: 0.08,
    anchor: [0.55, 0.2],
  },
  head: {
    path: [
      [0.03, 0.35],
      [0.35, 0.42],
      [0.7, 0.5],
      [0.95, 0.55],
    ],
    halfWidth: 0.1,
    anchor: [0.45, 0.43],
  },
  life: {
    path: [
      [0.05, 0.33],
      [0.05, 0.55],
      [0.15, 0.8],
      [0.3, 0.98],
    ],
    halfWidth: 0.1,
    anchor: [0.13, 0.62],
  },
  fate: {
    path: [
      [0.5, 0.97],
      [0.48, 0.6],
      [0.45, 0.25],
    ],
    halfWidth: 0.08,
    anchor: [0.49, 0.7],
  },
  sun: {
    path: [
      [0.7, 0.62],
      [0.7, 0.2],
    ],
    halfWidth: 0.07,
    anchor: [0.7, 0.42],
  },
  marriage: {
    path: [
      [0.99, 0.09],
      [0.85, 0.09],
    ],
    halfWidth: 0.05,
    anchor: [0.93, 0.08],
  },
};
