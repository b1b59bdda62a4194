import { describe, expect, it } from 'vitest';
import { measurePalmSharpness, MIN_PALM_SHARPNESS, palmFrame, sampleLuma, type PixelImage } from '../src';
import { RECORDED_FRAMES } from './fixtures/recorded-capture-frames';

const { frame, detection } = RECORDED_FRAMES.good;

/** A frame of skin-toned grain (seeded, so the same on every run), with `channels` bytes a pixel. */
function grain(channels: 3 | 4, amplitude: number): PixelImage {
  const data = new Uint8Array(frame.width * frame.height * channels);
  let state = 7;
  for (let pixel = 0; pixel < frame.width * frame.height; pixel++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    const offset = ((state >>> 24) / 255 - 0.5) * 2 * amplitude;
    const at = pixel * channels;
    [data[at], data[at + 1], data[at + 2]] = [200 + offset, 150 + offset, 120 + offset];
    if (channels === 4) data[at + 3] = 255;
  }
  return { data, width: frame.width, height: frame.height, channels };
}

/** The image averaged over `radius` pixels each way: a soft, out-of-focus copy. */
function boxBlur(image: PixelImage, radius: number): PixelImage {
  const { width, height, channels } = image;
  const data = new Uint8Array(image.data.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      for (let c = 0; c < channels; c++) {
        let sum = 0;
        let count = 0;
        for (let dy = -radius; dy <= radius; dy++) {
          for (let dx = -radius; dx <= radius; dx++) {
            const [sx, sy] = [
              Math.min(width - 1, Math.max(0, x + dx)),
              Math.min(height - 1, Math.max(0, y + dy)),
            ];
            sum += image.data[(sy * width + sx) * channels + c]!;
            count++;
          }
        }
        data[(y * width + x) * channels + c] = Math.round(sum / count);
      }
    }
  }
  return { data, width, height, channels };
}

describe("the palm's sharpness, shared by the server and the browser", () => {
  it('reads the same from a decoder’s RGB and a canvas’s RGBA of the same pixels', () => {
    const rgb = measurePalmSharpness(grain(3, 30), detection.landmarks);
    const rgba = measurePalmSharpness(grain(4, 30), detection.landmarks);
    expect(rgb).toBeGreaterThan(MIN_PALM_SHARPNESS);
    expect(rgba).toBeCloseTo(rgb, 10);
  });

  it('falls below the floor on a smooth palm, and drops on a blurred copy of a grainy one', () => {
    const grainy = grain(3, 30);
    const sharp = measurePalmSharpness(grainy, detection.landmarks);
    const soft = measurePalmSharpness(boxBlur(grainy, 3), detection.landmarks);
    expect(soft).toBeLessThan(sharp / 4);
    expect(measurePalmSharpness(grain(3, 0), detection.landmarks)).toBeLessThan(MIN_PALM_SHARPNESS);
  });

  it('samples the palm between its knuckles and wrist, clamping at the photo’s edge', () => {
    const corners = palmFrame(detection.landmarks).corners;
    const centre = palmFrame(detection.landmarks).at(0.5, 0.5);
    const mean = corners.reduce((sum, p) => ({ x: sum.x + p.x / 4, y: sum.y + p.y / 4 }), { x: 0, y: 0 });
    expect(centre.x).toBeCloseTo(mean.x, 6);
    expect(centre.y).toBeCloseTo(mean.y, 6);
    const image = grain(3, 0);
    expect(sampleLuma(image, 10.5, 20.25)).toBeCloseTo(0.299 * 200 + 0.587 * 150 + 0.114 * 120, 6);
    expect(sampleLuma(image, -1, -1)).toBe(0);
  });
});
