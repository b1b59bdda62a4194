import sharp from 'sharp';

/** Measurements are taken on a small copy: enough for light, blur and the hand's outline, and fast. */
const ANALYSIS_EDGE = 256;

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What the local engine can honestly say it measured in a photo. Positions are fractions (0–1). */
export interface PhotoMeasurements {
  width: number;
  height: number;
  /** Mean luma, 0–255. */
  brightness: number;
  /** Standard deviation of luma, 0–128. */
  contrast: number;
  /** Share of pixels that are nearly black / nearly white. */
  darkClipped: number;
  brightClipped: number;
  /** Variance of the Laplacian of luma: low means blurred. */
  sharpness: number;
  /** The largest connected skin-coloured region, as a share of the photo. */
  skinFraction: number;
  skin: {
    centroid: { x: number; y: number };
    box: Box;
    /** Region area over its bounding box area: spread fingers leave gaps, a closed hand fills it. */
    fill: number;
    /** Mean Cr (red-difference chroma) of the region: how warm its tone is. */
    warmth: number;
    /** Laplacian variance inside the region: fine creases raise it. */
    texture: number;
  } | null;
}

/** A common YCbCr skin rule (Chai & Ngan), with a floor on luma so shadows do not count. */
function isSkin(y: number, cb: number, cr: number): boolean {
  return y > 40 && cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}

export async function measurePhoto(jpeg: Buffer): Promise<PhotoMeasurements> {
  const { data, info } = await sharp(jpeg)
    .resize({ width: ANALYSIS_EDGE, height: ANALYSIS_EDGE, fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const pixels = width * height;
  const luma = new Float32Array(pixels);
  const cr = new Float32Array(pixels);
  const skinMask = new Uint8Array(pixels);

  let lumaSum = 0;
  let lumaSquares = 0;
  let dark = 0;
  let bright = 0;
  for (let i = 0; i < pixels; i++) {
    const r = data[i * 3] ?? 0;
    const g = data[i * 3 + 1] ?? 0;
    const b = data[i * 3 + 2] ?? 0;
    const y = 0.299 * r + 0.587 * g + 0.114 * b;
    const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
    const crValue = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
    luma[i] = y;
    cr[i] = crValue;
    skinMask[i] = isSkin(y, cb, crValue) ? 1 : 0;
    lumaSum += y;
    lumaSquares += y * y;
    if (y < 16) dark++;
    if (y > 245) bright++;
  }
  const brightness = lumaSum / pixels;
  const contrast = Math.sqrt(Math.max(0, lumaSquares / pixels - brightness * brightness));

  const laplacian = laplacianOf(luma, width, height);
  const region = largestRegion(skinMask, width, height);

  return {
    width,
    height,
    brightness,
    contrast,
    darkClipped: dark / pixels,
    brightClipped: bright / pixels,
    sharpness: variance(laplacian, () => true),
    skinFraction: region ? region.members.length / pixels : 0,
    skin: region ? describeRegion(region, width, height, cr, laplacian) : null,
  };
}

/** 4-neighbour Laplacian; border pixels stay NaN and are left out of every statistic. */
function laplacianOf(luma: Float32Array, width: number, height: number): Float32Array {
  const out = new Float32Array(luma.length).fill(Number.NaN);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      out[i] =
        (luma[i - 1] ?? 0) +
        (luma[i + 1] ?? 0) +
        (luma[i - width] ?? 0) +
        (luma[i + width] ?? 0) -
        4 * (luma[i] ?? 0);
    }
  }
  return out;
}

function variance(values: Float32Array, include: (index: number) => boolean): number {
  let count = 0;
  let sum = 0;
  let squares = 0;
  for (let i = 0; i < values.length; i++) {
    const value = values[i] ?? Number.NaN;
    if (Number.isNaN(value) || !include(i)) continue;
    count++;
    sum += value;
    squares += value * value;
  }
  if (count === 0) return 0;
  const mean = sum / count;
  return squares / count - mean * mean;
}

interface Region {
  members: Int32Array;
  box: Box;
}

/** The largest 4-connected region of the mask (iterative flood fill: no recursion depth limit). */
function largestRegion(mask: Uint8Array, width: number, height: number): Region | null {
  const label = new Int32Array(mask.length);
  const stack = new Int32Array(mask.length);
  let best: Region | null = null;
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    const members: number[] = [];
    let top = 0;
    stack[top++] = start;
    label[start] = next;
    const box = { left: width, top: height, right: 0, bottom: 0 };
    while (top > 0) {
      const i = stack[--top] ?? 0;
      members.push(i);
      const x = i % width;
      const y = (i - x) / width;
      box.left = Math.min(box.left, x);
      box.right = Math.max(box.right, x);
      box.top = Math.min(box.top, y);
      box.bottom = Math.max(box.bottom, y);
      const neighbours = [
        x > 0 ? i - 1 : -1,
        x < width - 1 ? i + 1 : -1,
        y > 0 ? i - width : -1,
        y < height - 1 ? i + width : -1,
      ];
      for (const n of neighbours) {
        if (n >= 0 && mask[n] && !label[n]) {
          label[n] = next;
          stack[top++] = n;
        }
      }
    }
    if (!best || members.length > best.members.length) best = { members: Int32Array.from(members), box };
  }
  return best;
}

function describeRegion(
  region: Region,
  width: number,
  height: number,
  cr: Float32Array,
  laplacian: Float32Array,
): NonNullable<PhotoMeasurements['skin']> {
  let sumX = 0;
  let sumY = 0;
  let warmth = 0;
  const inRegion = new Uint8Array(cr.length);
  for (const i of region.members) {
    const x = i % width;
    sumX += x;
    sumY += (i - x) / width;
    warmth += cr[i] ?? 0;
    inRegion[i] = 1;
  }
  const count = region.members.length;
  const { box } = region;
  const boxArea = (box.right - box.left + 1) * (box.bottom - box.top + 1);
  return {
    centroid: { x: (sumX / count + 0.5) / width, y: (sumY / count + 0.5) / height },
    box: {
      left: box.left / width,
      top: box.top / height,
      right: (box.right + 1) / width,
      bottom: (box.bottom + 1) / height,
    },
    fill: count / boxArea,
    warmth: warmth / count,
    texture: variance(laplacian, (i) => inRegion[i] === 1),
  };
}
