import { INDEX, LITTLE, MIDDLE, WRIST, type ScreenPoint } from './hand-landmarks';

/** Decoded pixels, row by row, `channels` bytes a pixel starting with R, G, B (3 from sharp, 4 from a canvas). */
export interface PixelImage {
  data: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  channels: number;
}

/** Rec. 601 luma of one pixel, 0–255; outside the image reads as black. */
function lumaAt(image: PixelImage, px: number, py: number): number {
  if (px < 0 || py < 0 || px >= image.width || py >= image.height) return 0;
  const offset = (py * image.width + px) * image.channels;
  return 0.299 * image.data[offset]! + 0.587 * image.data[offset + 1]! + 0.114 * image.data[offset + 2]!;
}

// Runs for every pixel of the palm surface: plain functions, no closure per call.

/** Bilinear sample of Rec. 601 luma, 0–255 (luma is linear, so this is the luma of the sampled colour). */
export function sampleLuma(image: PixelImage, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const top = lumaAt(image, x0, y0) * (1 - fx) + lumaAt(image, x0 + 1, y0) * fx;
  const bottom = lumaAt(image, x0, y0 + 1) * (1 - fx) + lumaAt(image, x0 + 1, y0 + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * The knuckle landmarks are joint centres, inside the skin: the palm's edges lie beyond them by
 * about these fractions of the knuckle width (measured by eye on the sample palms).
 */
const THUMB_SIDE_MARGIN = 0.08;
const LITTLE_SIDE_MARGIN = 0.15;
/** The palm is about this fraction of the knuckle width across at the wrist crease. */
const WRIST_WIDTH_FRACTION = 0.9;

const add = (a: ScreenPoint, b: ScreenPoint): ScreenPoint => ({ x: a.x + b.x, y: a.y + b.y });
const sub = (a: ScreenPoint, b: ScreenPoint): ScreenPoint => ({ x: a.x - b.x, y: a.y - b.y });
const scale = (a: ScreenPoint, factor: number): ScreenPoint => ({ x: a.x * factor, y: a.y * factor });
const lerp = (a: ScreenPoint, b: ScreenPoint, t: number): ScreenPoint => ({
  x: a.x + (b.x - a.x) * t,
  y: a.y + (b.y - a.y) * t,
});

/**
 * Coordinates on the palm itself, independent of how the photo was taken: `s` runs across the
 * palm from the index-finger side (0) to the little-finger edge (1), `t` from the knuckle line
 * (0) down to the wrist crease (1). The engine places mounts and line corridors in these
 * coordinates; it and the browser measure the palm's sharpness on them.
 */
export interface PalmFrame {
  at(s: number, t: number): ScreenPoint;
  /** Palm corners: below the index finger, below the little finger, wrist on the little-finger side, wrist on the thumb side. */
  corners: [ScreenPoint, ScreenPoint, ScreenPoint, ScreenPoint];
}

export function palmFrame(landmarks: readonly ScreenPoint[]): PalmFrame {
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

/**
 * The palm resampled onto a grid in palm coordinates (column = s, row = t), greyscale 0–255.
 * Working here makes every corridor and filter independent of the photo's rotation and scale.
 */
export interface PalmSurface {
  luma: Float32Array;
  width: number;
  height: number;
}

export const MIN_SURFACE_WIDTH = 64;
const MAX_SURFACE_WIDTH = 192;

/**
 * The wrist end of the palm may lie past the photo's edge: it repeats the edge pixels there, so
 * no black border reads as a crease or darkens the palm's statistics.
 */
const clamp = (value: number, max: number) => Math.min(max, Math.max(0, value));

/** `palmWidthPx`: index to little knuckle; `palmRatio`: wrist → middle knuckle over that width. */
export function resamplePalm(
  image: PixelImage,
  frame: PalmFrame,
  palmWidthPx: number,
  palmRatio: number,
): PalmSurface {
  const width = Math.round(Math.min(MAX_SURFACE_WIDTH, Math.max(MIN_SURFACE_WIDTH, palmWidthPx)));
  const height = Math.round(width * palmRatio);
  const luma = new Float32Array(width * height);
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      const p = frame.at(column / (width - 1), row / (height - 1));
      luma[row * width + column] = sampleLuma(
        image,
        clamp(p.x, image.width - 1),
        clamp(p.y, image.height - 1),
      );
    }
  }
  return { luma, width, height };
}

/** Mean absolute Laplacian of the palm surface, grey levels: how much fine detail (skin texture, creases) survives. */
export function palmSharpness(surface: PalmSurface): number {
  const { luma, width, height } = surface;
  let laplacian = 0;
  let count = 0;
  for (let row = 1; row < height - 1; row++) {
    for (let column = 1; column < width - 1; column++) {
      const i = row * width + column;
      laplacian += Math.abs(4 * luma[i]! - luma[i - 1]! - luma[i + 1]! - luma[i - width]! - luma[i + width]!);
      count++;
    }
  }
  return laplacian / Math.max(count, 1);
}

// Calibrated on the 21 sample palms (sharpness ≥ 2.7 grey levels) with a wide margin, and checked
// on blurred copies of them. Soft phone photos whose creases are still plain to see score 0.9–1.2
// (../shared/palms/lines); a sample palm blurred with σ = 4 px scores 0.78–0.80, so the floor
// sits between them. Measured on the photo as the server keeps it (long side ≤ 1024 px).
/** Below this palmSharpness the server refuses a photo as blurred, and the browser's checks advise so. */
export const MIN_PALM_SHARPNESS = 0.85;

/** The palm's sharpness on a photo, from its landmarks (image pixels), as the server measures it. */
export function measurePalmSharpness(image: PixelImage, landmarks: readonly ScreenPoint[]): number {
  const palmWidthPx = Math.hypot(
    landmarks[INDEX[0]]!.x - landmarks[LITTLE[0]]!.x,
    landmarks[INDEX[0]]!.y - landmarks[LITTLE[0]]!.y,
  );
  const palmLengthPx = Math.hypot(
    landmarks[WRIST]!.x - landmarks[MIDDLE[0]]!.x,
    landmarks[WRIST]!.y - landmarks[MIDDLE[0]]!.y,
  );
  const surface = resamplePalm(image, palmFrame(landmarks), palmWidthPx, palmLengthPx / palmWidthPx);
  return palmSharpness(surface);
}
