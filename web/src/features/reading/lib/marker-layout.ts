export interface Point {
  x: number;
  y: number;
}

export interface MarkerLayoutOptions {
  /** The frame the markers live in, in CSS pixels. */
  width: number;
  height: number;
  /** Side of a marker's square box, in CSS pixels. */
  size: number;
  /** Space kept free between two boxes. */
  gap: number;
  /** Points no box may cover (the traced lines on a phone), where a free spot can be found. */
  keepClear?: readonly Point[];
}

const ANGLES = 16;

const clampTo = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Places one box per anchor so that no two boxes intersect: each marker stays on its anchor when
 * there is room, else moves to the nearest free spot on widening rings around it, starting on the
 * side facing away from the other anchors (the report draws a leader line back to the anchor).
 * A box also keeps off the `keepClear` points while a free spot is in reach. Points are box
 * centres in pixels.
 */
export function layoutMarkers(anchors: readonly Point[], options: MarkerLayoutOptions): Point[] {
  const { width, height, size, gap, keepClear = [] } = options;
  const half = size / 2;
  const step = size + gap;
  const placed: Point[] = [];
  const centre =
    anchors.length > 0
      ? {
          x: anchors.reduce((sum, p) => sum + p.x, 0) / anchors.length,
          y: anchors.reduce((sum, p) => sum + p.y, 0) / anchors.length,
        }
      : { x: width / 2, y: height / 2 };
  const free = (candidate: Point) =>
    placed.every(
      (other) => Math.abs(other.x - candidate.x) >= step || Math.abs(other.y - candidate.y) >= step,
    ) && keepClear.every((point) => Math.hypot(point.x - candidate.x, point.y - candidate.y) > half);
  const inFrame = (p: Point): Point => ({
    x: clampTo(p.x, half, Math.max(half, width - half)),
    y: clampTo(p.y, half, Math.max(half, height - half)),
  });
  const maxRings = Math.ceil((width + height) / (step / 2)) + 1;

  for (const anchor of anchors) {
    const outward = Math.atan2(anchor.y - centre.y, anchor.x - centre.x);
    let chosen: Point | undefined;
    for (let ring = 0; ring <= maxRings && !chosen; ring++) {
      const radius = (ring * step) / 2;
      const tries = ring === 0 ? 1 : ANGLES;
      for (let i = 0; i < tries && !chosen; i++) {
        // Alternate either side of the outward direction: 0, +1, -1, +2, -2, ...
        const offset = Math.ceil(i / 2) * (i % 2 === 0 ? -1 : 1);
        const angle = outward + (offset * 2 * Math.PI) / ANGLES;
        const candidate = inFrame({
          x: anchor.x + radius * Math.cos(angle),
          y: anchor.y + radius * Math.sin(angle),
        });
        if (free(candidate)) chosen = candidate;
      }
    }
    // Only a frame too small for all boxes gets here; the marker then stays on its anchor.
    placed.push(chosen ?? inFrame(anchor));
  }
  return placed;
}

/** Catmull-Rom through the points as cubic Béziers: a smooth SVG path that passes every point. */
export function smoothPath(points: readonly Point[], maxPoints = 24): string {
  const stride = Math.max(1, Math.ceil(points.length / maxPoints));
  const kept = points.filter((_, i) => i % stride === 0);
  if (kept.at(-1) !== points.at(-1) && points.length > 0) kept.push(points.at(-1)!);
  if (kept.length < 2) return '';
  const f = (n: number) => Math.round(n * 100) / 100;
  let path = `M ${f(kept[0]!.x)} ${f(kept[0]!.y)}`;
  for (let i = 0; i < kept.length - 1; i++) {
    const p0 = kept[i - 1] ?? kept[i]!;
    const p1 = kept[i]!;
    const p2 = kept[i + 1]!;
    const p3 = kept[i + 2] ?? p2;
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    path += ` C ${f(c1.x)} ${f(c1.y)} ${f(c2.x)} ${f(c2.y)} ${f(p2.x)} ${f(p2.y)}`;
  }
  return path;
}

/** Sentences as the report shows them: split after ., !, ? or … and a space. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?…])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}
