import { cropAxes, cropToImage, MODEL_INPUT_SIZE, type CropWindow } from '@palm/hand-pose';
import type { RgbImage } from './rgb-image';

/**
 * The crop as the network's input: RGB floats in 0–1, row-major, bilinearly resampled; outside
 * the image reads as black, like MediaPipe's letter-boxing. Inlined per pixel: this loop runs
 * 50 000 times per crop.
 */
export function extractModelInput(image: RgbImage, window: CropWindow): Float32Array {
  const input = new Float32Array(MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3);
  const { right, down } = cropAxes(window);
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
