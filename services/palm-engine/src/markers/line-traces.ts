import { TRACED_LINE_NAMES, type LineTrace } from '@palm/contracts';
import type { PalmObservation, Point } from '../palm-observation';
import { LINE_LABELS } from '../rules/vedic-names';

/** The contract's bound on a trace's points; longer traces are thinned evenly, keeping both ends. */
const MAX_TRACE_POINTS = 200;

const round = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;

function thinned(points: readonly Point[]): Point[] {
  if (points.length <= MAX_TRACE_POINTS) return [...points];
  const step = (points.length - 1) / (MAX_TRACE_POINTS - 1);
  return Array.from({ length: MAX_TRACE_POINTS }, (_, i) => points[Math.round(i * step)]!);
}

/**
 * Each principal line the observer traced, as the polyline it saw on the served image with the
 * classes the reading rests on. A line without a trace (not seen, or seen too faintly to draw) is
 * left out: the report lists it as not clearly visible.
 */
export function lineTraces(observation: PalmObservation): LineTrace[] {
  return TRACED_LINE_NAMES.flatMap((line): LineTrace[] => {
    const seen = observation.lines[line];
    const points = seen.trace?.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
    if (!seen.seen || !points || points.length < 2) return [];
    return [
      {
        line,
        name: LINE_LABELS[line].split(' · ')[1]!,
        points: thinned(points).map((p) => ({ x: round(p.x), y: round(p.y) })),
        ...(seen.length ? { length: seen.length } : {}),
        ...(seen.curvature ? { curvature: seen.curvature } : {}),
        ...(seen.depth ? { depth: seen.depth } : {}),
        ...(seen.breaks !== undefined ? { breaks: seen.breaks } : {}),
        confidence: Math.round(Math.min(1, Math.max(0, seen.confidence)) * 100) / 100,
      },
    ];
  });
}
