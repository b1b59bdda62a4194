import type { LineName, LineObservation, PalmObservation, Point } from '../palm-observation';
import { LINE_NAMES } from '../palm-observation';
import { LINE_CORRIDORS, type LineCorridor } from './palm-anchors';
import type { PalmFrame } from './palm-frame';
import { gaussianBlur, type PalmSurface } from './palm-surface';

/**
 * Marriage lines run onto the side of the hand, out of a frontal photo's view; their corridor
 * there only meets the little finger's base crease. They are reported as not seen.
 */
const SCANNED_LINES: readonly LineName[] = ['heart', 'head', 'life', 'fate', 'sun'];
const STATIONS = 24;
const OFFSETS = 9;
/** A station "hits" when its strongest valley is in the palm's top share of valley responses. */
const HIT_PERCENTILE = 0.85;
const MIN_COVERAGE = 0.55;
/** A crease moves smoothly across the corridor; noise jumps. Mean jump (in offset steps) still counted as a line. */
const MAX_MEAN_JUMP = 1.1;
const MAX_CONFIDENCE = 0.75;
const TRACE_CONFIDENCE = 0.65;

/**
 * Valleys in the palm: how much darker a pixel is than its surroundings at crease scale (a
 * difference of Gaussians), in grey levels. Creases are narrow dark lines, so they stand out
 * here while shading and skin tone cancel.
 */
function valleyMap(surface: PalmSurface): Float32Array {
  const fine = gaussianBlur(surface, Math.max(0.8, surface.width / 150));
  const coarse = gaussianBlur(surface, Math.max(3, surface.width / 18));
  return fine.map((value, i) => Math.max(0, coarse[i]! - value));
}

function percentile(values: Float32Array, fraction: number): number {
  const sorted = Float32Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? 0;
}

interface StationHit {
  station: number;
  offset: number;
  strength: number;
}

function pointOnPath(
  path: [number, number][],
  fraction: number,
): { at: [number, number]; normal: [number, number] } {
  const lengths = path.slice(1).map((p, i) => Math.hypot(p[0] - path[i]![0], p[1] - path[i]![1]));
  const total = lengths.reduce((a, b) => a + b, 0);
  let remaining = fraction * total;
  for (let i = 0; i < lengths.length; i++) {
    const length = lengths[i]!;
    if (remaining <= length || i === lengths.length - 1) {
      const [a, b] = [path[i]!, path[i + 1]!];
      const t = length === 0 ? 0 : Math.min(1, remaining / length);
      const direction: [number, number] = [(b[0] - a[0]) / length, (b[1] - a[1]) / length];
      return {
        at: [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t],
        normal: [-direction[1], direction[0]],
      };
    }
    remaining -= length;
  }
  return { at: path[0]!, normal: [0, 1] };
}

function scanCorridor(
  corridor: LineCorridor,
  valleys: Float32Array,
  surface: PalmSurface,
  threshold: number,
): StationHit[] {
  const hits: StationHit[] = [];
  const read = (s: number, t: number) => {
    const column = Math.round(Math.min(1, Math.max(0, s)) * (surface.width - 1));
    const row = Math.round(Math.min(1, Math.max(0, t)) * (surface.height - 1));
    return valleys[row * surface.width + column]!;
  };
  for (let station = 0; station < STATIONS; station++) {
    const { at, normal } = pointOnPath(corridor.path, station / (STATIONS - 1));
    let best: StationHit = { station, offset: 0, strength: 0 };
    for (let k = 0; k < OFFSETS; k++) {
      const offset = k - (OFFSETS - 1) / 2;
      const shift = (offset / ((OFFSETS - 1) / 2)) * corridor.halfWidth;
      const strength = read(at[0] + normal[0] * shift, at[1] + normal[1] * shift);
      if (strength > best.strength) best = { station, offset, strength };
    }
    if (best.strength > threshold) hits.push(best);
  }
  return hits;
}

function longestRun(hits: StationHit[]): number {
  let longest = 0;
  let run = 0;
  hits.forEach((hit, i) => {
    run = i > 0 && hit.station === hits[i - 1]!.station + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  });
  return longest;
}

function describeLine(
  corridor: LineCorridor,
  hits: StationHit[],
  frame: PalmFrame,
  contrast: number,
  toPercent: (p: Point) => Point,
): LineObservation {
  const anchor = toPercent(frame.at(...corridor.anchor));
  const coverage = hits.length / STATIONS;
  const jumps = hits.slice(1).map((hit, i) => Math.abs(hit.offset - hits[i]!.offset));
  const meanJump = jumps.length ? jumps.reduce((a, b) => a + b, 0) / jumps.length : Infinity;
  if (coverage < MIN_COVERAGE || meanJump > MAX_MEAN_JUMP) {
    return { seen: false, confidence: Math.min(0.3, coverage * 0.3), anchor };
  }
  const smoothness = 1 - meanJump / (MAX_MEAN_JUMP * 2);
  const confidence = Math.min(MAX_CONFIDENCE, 0.3 + 0.5 * coverage * smoothness);
  const run = longestRun(hits) / STATIONS;
  const strength = hits.reduce((a, b) => a + b.strength, 0) / hits.length / Math.max(contrast, 1);
  const gaps = hits.slice(1).filter((hit, i) => hit.station - hits[i]!.station > 2).length;
  const trace = hits.map((hit) => {
    const { at, normal } = pointOnPath(corridor.path, hit.station / (STATIONS - 1));
    const shift = (hit.offset / ((OFFSETS - 1) / 2)) * corridor.halfWidth;
    return frame.at(at[0] + normal[0] * shift, at[1] + normal[1] * shift);
  });
  return {
    seen: true,
    confidence,
    length: run < 0.45 ? 'short' : run < 0.75 ? 'medium' : 'long',
    curvature: curvatureOf(trace),
    depth: strength < 0.25 ? 'faint' : strength < 0.45 ? 'clear' : 'deep',
    breaks: gaps,
    anchor,
    ...(confidence >= TRACE_CONFIDENCE ? { trace: trace.map(toPercent) } : {}),
  };
}

/** Largest distance of the trace from its chord, relative to the chord's length. */
function curvatureOf(trace: Point[]): LineObservation['curvature'] {
  const first = trace[0];
  const last = trace[trace.length - 1];
  if (!first || !last) return undefined;
  const chord = Math.hypot(last.x - first.x, last.y - first.y) || 1;
  const bow = Math.max(
    ...trace.map(
      (p) => Math.abs((last.x - first.x) * (first.y - p.y) - (first.x - p.x) * (last.y - first.y)) / chord,
    ),
  );
  const ratio = bow / chord;
  return ratio < 0.05 ? 'straight' : ratio < 0.12 ? 'gentle' : 'curved';
}

export interface CreaseFindings {
  lines: Record<LineName, LineObservation>;
  creaseDensity: PalmObservation['creaseDensity'];
}

/** Share of the palm in valleys deeper than this fraction of its contrast, per density level (the sample palms' tertiles). */
const DENSE_VALLEY_SHARE = 0.25;
const SPARSE_VALLEY_SHARE = 0.19;
const VALLEY_DEPTH = 0.12;

/**
 * Searches each main line in its anatomical corridor. Best effort and honest: a line counts as
 * seen only when valleys cover most of the corridor and follow one smooth track; otherwise it is
 * reported as not seen, with low confidence, rather than guessed.
 */
export function scanCreases(
  surface: PalmSurface,
  frame: PalmFrame,
  contrast: number,
  toPercent: (p: Point) => Point,
): CreaseFindings {
  const valleys = valleyMap(surface);
  const threshold = Math.max(percentile(valleys, HIT_PERCENTILE), 1.5);
  const lines = Object.fromEntries(
    LINE_NAMES.map((name) => {
      const corridor = LINE_CORRIDORS[name];
      const hits = SCANNED_LINES.includes(name) ? scanCorridor(corridor, valleys, surface, threshold) : [];
      return [name, describeLine(corridor, hits, frame, contrast, toPercent)];
    }),
  ) as Record<LineName, LineObservation>;
  const deep =
    valleys.filter((value) => value > VALLEY_DEPTH * Math.max(contrast, 1)).length / valleys.length;
  const level = deep > DENSE_VALLEY_SHARE ? 'dense' : deep < SPARSE_VALLEY_SHARE ? 'sparse' : 'moderate';
  return { lines, creaseDensity: { level, confidence: 0.4, valleyShare: deep } };
}
