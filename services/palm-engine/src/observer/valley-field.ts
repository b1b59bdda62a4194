import type { PalmSurface } from '@palm/hand-pose';
import { gaussianBlur, medianFilter } from './palm-surface';

/**
 * Dark, narrow lines in the palm: at each pixel the Hessian of the smoothed surface. A crease is a
 * valley: strongly curved across (large positive eigenvalue), flat along it. Dots curve both ways
 * and broad shading hardly at all, so both stay weak here.
 */
export interface ValleyField {
  width: number;
  height: number;
  /** Curvature across the valley minus any upward curvature along it, grey levels per pixel². */
  strength: Float32Array;
  /** Unit normal of the valley (across the crease), x and y in surface pixels. */
  normalX: Float32Array;
  normalY: Float32Array;
}

export function valleyField(surface: PalmSurface, sigma: number): ValleyField {
  const { width, height } = surface;
  const smooth = gaussianBlur({ luma: medianFilter(surface), width, height }, sigma);
  const size = width * height;
  const strength = new Float32Array(size);
  const normalX = new Float32Array(size);
  const normalY = new Float32Array(size);
  for (let row = 0; row < height; row++) {
    const up = Math.max(0, row - 1) * width;
    const here = row * width;
    const down = Math.min(height - 1, row + 1) * width;
    for (let column = 0; column < width; column++) {
      const left = Math.max(0, column - 1);
      const right = Math.min(width - 1, column + 1);
      const centre = smooth[here + column]!;
      const xx = smooth[here + left]! + smooth[here + right]! - 2 * centre;
      const yy = smooth[up + column]! + smooth[down + column]! - 2 * centre;
      const xy =
        (smooth[down + right]! + smooth[up + left]! - smooth[up + right]! - smooth[down + left]!) / 4;
      const mean = (xx + yy) / 2;
      const spread = Math.sqrt(((xx - yy) * (xx - yy)) / 4 + xy * xy);
      const across = mean + spread;
      const value = across - Math.max(0, mean - spread);
      if (value <= 0) continue;
      const i = here + column;
      strength[i] = value;
      // Eigenvector of the larger eigenvalue; of its two forms, the longer is the well-conditioned one.
      const [ax, ay] = [across - yy, xy];
      const [bx, by] = [xy, across - xx];
      const [nx, ny] = ax * ax + ay * ay >= bx * bx + by * by ? [ax, ay] : [bx, by];
      const norm = Math.sqrt(nx * nx + ny * ny) || 1;
      normalX[i] = nx / norm;
      normalY[i] = ny / norm;
    }
  }
  return { width, height, strength, normalX, normalY };
}
