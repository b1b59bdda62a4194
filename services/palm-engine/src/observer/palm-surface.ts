import { palmSharpness, type PalmSurface } from '@palm/hand-pose';

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
  /** @palm/hand-pose's palmSharpness: the measure the browser's photo checks share. */
  sharpness: number;
  /** Share of nearly white pixels. */
  clipped: number;
}

export function surfaceStatistics(surface: PalmSurface): SurfaceStatistics {
  const { luma } = surface;
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
  return {
    brightness,
    contrast,
    sharpness: palmSharpness(surface),
    clipped: clipped / luma.length,
  };
}
