import type { LineName, MountName, Point } from '../palm-observation';
import { INDEX, LITTLE, MIDDLE, RING, THUMB, WRIST, type PalmFrame } from '@palm/hand-pose';
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

/**
 * Placed on the creases of the sample palms, read in palm coordinates. The heart line runs from the
 * percussion at t ≈ 0.1–0.17 up toward the index and middle fingers; the head and life lines leave
 * the palm's edge between thumb and index together (t ≈ 0.15–0.25). The life line's arc round the
 * thumb ball varies most (s ≈ 0.25–0.5 at mid-palm), hence its wide corridor; the fate line's
 * overlaps the arc's lower end, and the scan order keeps the two apart.
 */
export const LINE_CORRIDORS: Record<LineName, LineCorridor> = {
  heart: {
    path: [
      [1, 0.14],
      [0.75, 0.13],
      [0.55, 0.1],
      [0.34, 0.04],
    ],
    halfWidth: 0.09,
    anchor: [0.6, 0.11],
  },
  head: {
    path: [
      [0, 0.17],
      [0.2, 0.2],
      [0.4, 0.26],
      [0.6, 0.34],
      [0.8, 0.43],
    ],
    halfWidth: 0.07,
    anchor: [0.4, 0.26],
  },
  life: {
    path: [
      [0.05, 0.2],
      [0.22, 0.32],
      [0.35, 0.46],
      [0.41, 0.6],
      [0.43, 0.76],
      [0.41, 0.94],
    ],
    halfWidth: 0.15,
    anchor: [0.34, 0.52],
  },
  fate: {
    path: [
      [0.52, 0.95],
      [0.5, 0.6],
      [0.46, 0.28],
    ],
    halfWidth: 0.07,
    anchor: [0.5, 0.7],
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

/**
 * Past its corridor's end under the middle finger the heart line either stops, rises into the cleft
 * between index and middle fingers, or runs on under the index finger (Jupiter): where it ends is
 * read along this continuation, scanned only when the heart line's trace reached its corridor's end.
 */
export const HEART_CONTINUATION: LineCorridor = {
  path: [
    [0.34, 0.04],
    [0.22, 0.05],
    [0.1, 0.07],
  ],
  // Wide enough to hold a crease rising into the cleft as well as one running on under the index finger.
  halfWidth: 0.06,
  anchor: [0.22, 0.05],
};
