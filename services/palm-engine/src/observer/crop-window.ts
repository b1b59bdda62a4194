import type { Point, WorldPoint } from '../palm-observation';
import type { RgbImage } from './rgb-image';

/** The hand-landmark network sees a 224×224 RGB square. */
export const MODEL_INPUT_SIZE = 224;

/**
 * A rotated square of the image: `rotation` (radians) turns the crop's axes so that a hand whose
 * wrist→middle-knuckle vector points that way appears upright in the crop.
 */
export interface CropWindow {
  center: Point;
  size: number;
  rotation: number;
}

function axes(window: CropWindow): { right: Point; down: Point } {
  const cos = Math.cos(window.rotation);
  const sin = Math.sin(window.rotation);
  return { right: { x: cos, y: sin }, down: { x: -sin, y: cos } };
}

/** Maps a point in crop pixels (0–224) to image pixels. */
export function cropToImage(window: CropWindow, u: number, v: number): Point {
  const { right, down } = axes(window);
  const a = (u / MODEL_INPUT_SIZE - 0.5) * window.size;
  const b = (v / MODEL_INPUT_SIZE - 0.5) * window.size;
  return { x: window.center.x + right.x * a + down.x * b, y: window.center.y + right.y * a + down.y * b };
}

/** Turns a 3-D vector along the crop's axes into one along the image's (z, toward the scene, is shared). */
export function cropVectorToImage(window: CropWindow, v: WorldPoint): WorldPoint {
  const { right, down } = axes(window);
  return { x: right.x * v.x + down.x * v.y, y: right.y * v.x + down.y * v.y, z: v.z };
}

/**
 * The crop as the network's input: RGB floats in 0–1, row-major, bilinearly resampled; outside
 * the image reads as black, like MediaPipe's letter-boxing. Inlined per pixel: this loop runs
 * 50 000 times per crop.
 */
export function extractModelInput(image: RgbImage, window: CropWindow): Float32Array {
  const input = new Float32Array(MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3);
  const { right, down } = axes(window);
  const step = window.size / MODEL_INPUT_SIZE;
  const origin = cropToImage(window, 0.5, 0.5);
  const { data, width, height } = image;
  const texel = (px: number, py: number, channel: number) =>
    px < 0 || py < 0 || px >= width || py >= height ? 0 : data[(py * width + px) * 3 + channel]!;
  let offset = 0;
  for (let v = 0; v < MODEL_INPUT_SIZE; v++) {
    for (let u = 0; u < MODEL_INPUT_SIZE; u++) {
      const x = origin.x + (right.x * u + down.x * v) * step;
      const y = origin.y + (right.y * u + down.y * v) * step;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      const inside = x0 >= 0 && y0 >= 0 && x0 + 1 < width && y0 + 1 < height;
      for (let channel = 0; channel < 3; channel++) {
        let value: number;
        if (inside) {
          const i = (y0 * width + x0) * 3 + channel;
          const top = data[i]! + (data[i + 3]! - data[i]!) * fx;
          const j = i + width * 3;
          const bottom = data[j]! + (data[j + 3]! - data[j]!) * fx;
          value = top + (bottom - top) * fy;
        } else {
          const top = texel(x0, y0, channel) * (1 - fx) + texel(x0 + 1, y0, channel) * fx;
          const bottom = texel(x0, y0 + 1, channel) * (1 - fx) + texel(x0 + 1, y0 + 1, channel) * fx;
          value = top + (bottom - top) * fy;
        }
        input[offset++] = value / 255;
      }
    }
  }
  return input;
}
