import { INDEX, MIDDLE, RING, WRIST, type ScreenPoint, type WorldPoint } from './hand-landmarks';

/** The hand-landmark network sees a 224×224 RGB square. */
export const MODEL_INPUT_SIZE = 224;

/**
 * The network's output nodes, read from its graph: `Identity` is a dense layer of 63 values (x, y, z
 * of the 21 landmarks in crop pixels), `Identity_1` and `Identity_2` are sigmoids (hand presence and
 * handedness), `Identity_3` the same 21 landmarks in metres, in 3-D, about the hand's centre and
 * along the crop's axes (the pose gate's view of how the hand is held).
 */
export const LANDMARK_MODEL_OUTPUTS = ['Identity', 'Identity_1', 'Identity_2', 'Identity_3'];

/**
 * A rotated square of the image: `rotation` (radians) turns the crop's axes so that a hand whose
 * wrist→middle-knuckle vector points that way appears upright in the crop. The server's locator
 * and the browser's live tracker frame their crops with the same rules.
 */
export interface CropWindow {
  center: ScreenPoint;
  size: number;
  rotation: number;
}

export function cropAxes(window: CropWindow): { right: ScreenPoint; down: ScreenPoint } {
  const cos = Math.cos(window.rotation);
  const sin = Math.sin(window.rotation);
  return { right: { x: cos, y: sin }, down: { x: -sin, y: cos } };
}

/** Maps a point in crop pixels (0–224) to image pixels. */
export function cropToImage(window: CropWindow, u: number, v: number): ScreenPoint {
  const { right, down } = cropAxes(window);
  const a = (u / MODEL_INPUT_SIZE - 0.5) * window.size;
  const b = (v / MODEL_INPUT_SIZE - 0.5) * window.size;
  return { x: window.center.x + right.x * a + down.x * b, y: window.center.y + right.y * a + down.y * b };
}

/** Turns a 3-D vector along the crop's axes into one along the image's (z, toward the scene, is shared). */
export function cropVectorToImage(window: CropWindow, v: WorldPoint): WorldPoint {
  const { right, down } = cropAxes(window);
  return { x: right.x * v.x + down.x * v.y, y: right.y * v.x + down.y * v.y, z: v.z };
}

/** The palm points MediaPipe frames its next crop with (wrist, thumb base, knuckles and first joints). */
const PALM_POINTS = [0, 1, 2, 3, 5, 6, 9, 10, 13, 14, 17, 18];
const BOX_SCALE = 2;
/** Fraction of the palm box height the next crop moves toward the fingers. */
const BOX_SHIFT_TOWARD_FINGERS = 0.1;

const midpoint = (a: ScreenPoint, b: ScreenPoint, t = 0.5): ScreenPoint => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
});

/** MediaPipe's landmarks-to-crop rule: upright along wrist → middle knuckle, palm box ×2, nudged toward the fingers. */
export function windowAroundHand(landmarks: readonly ScreenPoint[]): CropWindow {
  const at = (i: number) => landmarks[i]!;
  const knuckles = midpoint(midpoint(at(INDEX[0]), at(RING[0])), at(MIDDLE[0]));
  const rotation = Math.atan2(knuckles.x - at(WRIST).x, -(knuckles.y - at(WRIST).y));
  const right = { x: Math.cos(rotation), y: Math.sin(rotation) };
  const down = { x: -Math.sin(rotation), y: Math.cos(rotation) };
  const across = PALM_POINTS.map((i) => at(i).x * right.x + at(i).y * right.y);
  const along = PALM_POINTS.map((i) => at(i).x * down.x + at(i).y * down.y);
  const [minA, maxA] = [Math.min(...across), Math.max(...across)];
  const [minB, maxB] = [Math.min(...along), Math.max(...along)];
  const width = maxA - minA;
  const height = maxB - minB;
  const a = (minA + maxA) / 2;
  const b = (minB + maxB) / 2 - BOX_SHIFT_TOWARD_FINGERS * height;
  const center = { x: right.x * a + down.x * b, y: right.y * a + down.y * b };
  return { center, size: Math.max(width, height) * BOX_SCALE, rotation };
}
