import sharp from 'sharp';

/**
 * Synthetic view changes of one photo, as a second photo of the same palm would differ: the camera
 * turned, tilted, farther away, the light brighter or dimmer, the phone compressing harder.
 */
export interface ViewChange {
  name: string;
  apply(photo: Buffer): Promise<Buffer>;
}

/** A neutral grey for the corners a rotation or tilt uncovers: neither skin nor a crease. */
const BACKGROUND = { r: 128, g: 128, b: 128 };
const JPEG_QUALITY = 92;

const rotate = (degrees: number): ViewChange => ({
  name: `rotation ${degrees > 0 ? '+' : ''}${degrees}°`,
  apply: async (photo) => {
    const { width = 0, height = 0 } = await sharp(photo).metadata();
    const turned = await sharp(photo).rotate(degrees, { background: BACKGROUND }).toBuffer();
    const { width: w = 0, height: h = 0 } = await sharp(turned).metadata();
    const left = Math.max(0, Math.round((w - width) / 2));
    const top = Math.max(0, Math.round((h - height) / 2));
    return sharp(turned)
      .extract({ left, top, width: Math.min(width, w), height: Math.min(height, h) })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
  },
});

/** The photo shrunk about its centre on a grey canvas of the original size. */
const zoomOut = (factor: number): ViewChange => ({
  name: `scale ${factor}`,
  apply: async (photo) => {
    const { width = 0, height = 0 } = await sharp(photo).metadata();
    const [w, h] = [Math.round(width * factor), Math.round(height * factor)];
    const left = Math.floor((width - w) / 2);
    const top = Math.floor((height - h) / 2);
    return sharp(photo)
      .resize(w, h)
      .extend({ left, top, right: width - w - left, bottom: height - h - top, background: BACKGROUND })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
  },
});

const exposure = (factor: number): ViewChange => ({
  name: `exposure ${factor > 1 ? '+' : '−'}${Math.round(Math.abs(factor - 1) * 100)} %`,
  apply: (photo) => sharp(photo).linear(factor, 0).jpeg({ quality: JPEG_QUALITY }).toBuffer(),
});

const jpeg = (quality: number): ViewChange => ({
  name: `JPEG quality ${quality}`,
  apply: (photo) => sharp(photo).jpeg({ quality }).toBuffer(),
});

/**
 * The photo as the same flat palm would look turned by `degrees` about its centre's vertical
 * (`axis` 'y') or horizontal ('x') line, seen by a phone-like camera (focal length = the image's
 * larger side, the palm one focal length away): each output ray meets the turned plane, which is
 * turned back and projected into the source photo (bilinear sampling).
 */
export const tilt = (degrees: number, axis: 'x' | 'y'): ViewChange => ({
  name: `tilt ${degrees}° about the ${axis === 'y' ? 'vertical' : 'horizontal'} axis`,
  apply: async (photo) => {
    const { data, info } = await sharp(photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width, height } = info;
    const focal = Math.max(width, height);
    const [cx, cy] = [width / 2, height / 2];
    const angle = (degrees * Math.PI) / 180;
    const [c, s] = [Math.cos(angle), Math.sin(angle)];
    // R (rows) turns the plane; its transpose turns a point back. The plane passes through (0, 0, 1).
    const turn =
      axis === 'y'
        ? [
            [c, 0, s],
            [0, 1, 0],
            [-s, 0, c],
          ]
        : [
            [1, 0, 0],
            [0, c, -s],
            [0, s, c],
          ];
    const normal = [turn[0]![2]!, turn[1]![2]!, turn[2]![2]!];
    const turnBack = (v: number[]) =>
      [0, 1, 2].map((k) => turn[0]![k]! * v[0]! + turn[1]![k]! * v[1]! + turn[2]![k]! * v[2]!);
    const out = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const ray = [(x - cx) / focal, (y - cy) / focal, 1];
        const reach = normal[2]! / (normal[0]! * ray[0]! + normal[1]! * ray[1]! + normal[2]! * ray[2]!);
        const [qx, qy] = turnBack([reach * ray[0]!, reach * ray[1]!, reach * ray[2]! - 1]);
        const sx = qx! * focal + cx;
        const sy = qy! * focal + cy;
        const x0 = Math.floor(sx);
        const y0 = Math.floor(sy);
        const o = (y * width + x) * 3;
        if (reach <= 0 || x0 < 0 || y0 < 0 || x0 + 1 >= width || y0 + 1 >= height) {
          out[o] = BACKGROUND.r;
          out[o + 1] = BACKGROUND.g;
          out[o + 2] = BACKGROUND.b;
          continue;
        }
        const [fx, fy] = [sx - x0, sy - y0];
        for (let k = 0; k < 3; k++) {
          const i = (y0 * width + x0) * 3 + k;
          const j = i + width * 3;
          const top = data[i]! + (data[i + 3]! - data[i]!) * fx;
          const bottom = data[j]! + (data[j + 3]! - data[j]!) * fx;
          out[o + k] = Math.round(top + (bottom - top) * fy);
        }
      }
    }
    return sharp(out, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer();
  },
});

/** The list: rotation ±25°, tilt up to 20°, scale 0.6–1.0, exposure ±30 %, JPEG quality 60. */
export const VIEW_CHANGES: readonly ViewChange[] = [
  rotate(25),
  rotate(-25),
  tilt(20, 'y'),
  tilt(20, 'x'),
  zoomOut(0.8),
  zoomOut(0.6),
  exposure(1.3),
  exposure(0.7),
  jpeg(60),
];
