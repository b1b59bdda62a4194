import type { PalmFrame } from './palm-frame';
import { sampleLuma, type RgbImage } from './rgb-image';

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

export function resamplePalm(
  image: RgbImage,
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

/**
 * Separable Gaussian blur with clamped edges. It runs several times per photo with kernels up to 55
 * taps wide, so each pass has its own loop, and edges clamp only where the kernel reaches past
 * them; every pixel still sums its taps in the same order, so the result is unchanged.
 */
export function gaussianBlur(surface: PalmSurface, sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 2.5));
  const kernel: number[] = [];
  for (let i = -radius; i <= radius; i++) kernel.push(Math.exp(-(i * i) / (2 * sigma * sigma)));
  const sum = kernel.reduce((a, b) => a + b, 0);
  const weights = Float64Array.from(kernel, (k) => k / sum);
  const { width, height } = surface;
  return blurColumns(blurRows(surface.luma, width, height, weights), width, height, weights);
}

/** Each row is copied once with its edge pixels repeated past both ends, so no tap needs a clamp. */
function blurRows(source: Float32Array, width: number, height: number, weights: Float64Array): Float32Array {
  const radius = (weights.length - 1) / 2;
  const target = new Float32Array(source.length);
  const padded = new Float64Array(width + 2 * radius);
  for (let row = 0; row < height; row++) {
    const start = row * width;
    for (let i = 0; i < padded.length; i++) {
      padded[i] = source[start + Math.min(width - 1, Math.max(0, i - radius))]!;
    }
    for (let column = 0; column < width; column++) {
      let value = 0;
      for (let k = 0; k < weights.length; k++) value += padded[column + k]! * weights[k]!;
      target[start + column] = value;
    }
  }
  return target;
}

/** Sums row by row into one accumulator per column, which reads memory in order. */
function blurColumns(
  source: Float32Array,
  width: number,
  height: number,
  weights: Float64Array,
): Float32Array {
  const radius = (weights.length - 1) / 2;
  const target = new Float32Array(source.length);
  const sums = new Float64Array(width);
  for (let row = 0; row < height; row++) {
    sums.fill(0);
    for (let k = -radius; k <= radius; k++) {
      const from = Math.min(height - 1, Math.max(0, row + k)) * width;
      const weight = weights[k + radius]!;
      for (let column = 0; column < width; column++) sums[column]! += source[from + column]! * weight;
    }
    target.set(sums, row * width);
  }
  return target;
}

/** 3×3 median: removes salt-and-pepper specks (some scanned photos carry them) yet keeps edges and lines. */
export function medianFilter(surface: PalmSurface): Float32Array {
  const { luma, width, height } = surface;
  const target = new Float32Array(luma.length);
  const window = new Float32Array(9);
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      let k = 0;
      for (let dr = -1; dr <= 1; dr++) {
        const r = Math.min(height - 1, Math.max(0, row + dr));
        for (let dc = -1; dc <= 1; dc++) {
          // Insertion sort: nine values are sorted faster by hand than by a call.
          const value = luma[r * width + Math.min(width - 1, Math.max(0, column + dc))]!;
          let i = k++;
          for (; i > 0 && window[i - 1]! > value; i--) window[i] = window[i - 1]!;
          window[i] = value;
        }
      }
      target[row * width + column] = window[4]!;
    }
  }
  return target;
}

export interface SurfaceStatistics {
  brightness: number;
  contrast: number;
  /** Mean absolute Laplacian, grey levels: how much fine detail (skin texture, creases) survives. */
  sharpness: number;
  /** Share of nearly white pixels. */
  clipped: number;
}

export function surfaceStatistics(surface: PalmSurface): SurfaceStatistics {
  const { luma, width, height } = surface;
  let sum = 0;
  let squares = 0;
  let clipped = 0;
  for (const value of luma) {
    sum += value;
    squares += value * value;
    if (value >= 250) clipped++;
  }
  const brightness = sum / luma.length;
  const contrast = Math.sqrt(Math.max(0, squares / luma.length - brightness * brightness));
  let laplacian = 0;
  let count = 0;
  for (let row = 1; row < height - 1; row++) {
    for (let column = 1; column < width - 1; column++) {
      const i = row * width + column;
      laplacian += Math.abs(4 * luma[i]! - luma[i - 1]! - luma[i + 1]! - luma[i - width]! - luma[i + width]!);
      count++;
    }
  }
  return {
    brightness,
    contrast,
    sharpness: laplacian / Math.max(count, 1),
    clipped: clipped / luma.length,
  };
}
