/** MediaPipe hand-landmark indices. */
export const WRIST = 0;
export const THUMB = [1, 2, 3, 4] as const;
export const INDEX = [5, 6, 7, 8] as const;
export const MIDDLE = [9, 10, 11, 12] as const;
export const RING = [13, 14, 15, 16] as const;
export const LITTLE = [17, 18, 19, 20] as const;
/** The four long fingers, each as [knuckle (MCP), middle joint (PIP), top joint (DIP), tip]. */
export const LONG_FINGERS = [INDEX, MIDDLE, RING, LITTLE] as const;
export const LANDMARK_COUNT = 21;

/** A landmark on the photo: any unit that is the same along x and y (pixels, not 0–1 of a non-square frame). */
export interface ScreenPoint {
  x: number;
  y: number;
}

/**
 * A landmark in 3-D, in metres about the hand's centre, as the landmark network estimates it
 * (MediaPipe's "world landmarks"): x to the image's right, y down, z away from the camera. Lengths
 * between these points do not shrink when the hand is tilted.
 */
export interface WorldPoint {
  x: number;
  y: number;
  z: number;
}

/** The 21 landmarks of one hand, on the photo and in 3-D. */
export interface HandLandmarks {
  screen: readonly ScreenPoint[];
  world: readonly WorldPoint[];
}
