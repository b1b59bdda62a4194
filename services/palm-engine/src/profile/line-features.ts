import type { PalmProfile } from '@palm/contracts';
import { INDEX, LITTLE, MIDDLE, RING, WRIST } from '@palm/hand-pose';
import type { LineObservation, PalmObservation, Point } from '../palm-observation';

/**
 * A point on the palm in the hand's own knuckle frame: `across` is 0 at the index knuckle and 1 at
 * the little finger's, `down` 0 on the knuckle line and 1 at the wrist. The frame is affine, so
 * the photo's scale, rotation, aspect and the hand's place in it do not move a point in it.
 */
export interface PalmPoint {
  across: number;
  down: number;
}

export function knuckleFrame(landmarks: readonly Point[]): (p: Point) => PalmPoint {
  const index = landmarks[INDEX[0]]!;
  const little = landmarks[LITTLE[0]]!;
  const wrist = landmarks[WRIST]!;
  const u = { x: little.x - index.x, y: little.y - index.y };
  const v = { x: wrist.x - (index.x + little.x) / 2, y: wrist.y - (index.y + little.y) / 2 };
  const determinant = u.x * v.y - u.y * v.x || Number.EPSILON;
  return (p) => {
    const d = { x: p.x - index.x, y: p.y - index.y };
    return {
      across: (d.x * v.y - d.y * v.x) / determinant,
      down: (u.x * d.y - u.y * d.x) / determinant,
    };
  };
}

/** The landmarks a palmist reads lines against, in the knuckle frame. */
interface FingerBases {
  middle: PalmPoint;
  ring: PalmPoint;
}

export function fingerBases(landmarks: readonly Point[]): FingerBases {
  const toPalm = knuckleFrame(landmarks);
  return {
    middle: toPalm(landmarks[MIDDLE[0]]!),
    ring: toPalm(landmarks[RING[0]]!),
  };
}

/**
 * Margins, in the knuckle frame, within which a feature is not classed, from the traces' measured
 * spread between photos of one hand (RMS within a hand over ../shared/palms/retest, lines seen
 * clearly): how far across the heart and life lines reach moves 0.037, the life line's upper end's
 * distance from the head line 0.066, the head line's outer slope 0.11. A value nearer a boundary
 * than these could fall on its other side in the next photo: FEATURE_MARGIN is 1.4 of the reach's
 * spread, joined and apart lie one spread of that distance apart, level and toward the Moon 2.3 of
 * the slope's.
 */
const FEATURE_MARGIN = 0.05;
/** Two creases closer than this (knuckle-frame distance) are one: the head line leaves the life line. */
const JOINED_WITHIN = 0.06;
/** A head line this far from the life line where both start is apart from it. */
const APART_FROM = 0.12;
/** A trace starting within this of the palm's thumb-side edge (across) reaches that edge. */
const EDGE_REACH = 0.15;
/** The wrist crease, in the knuckle frame: a fate line reaching down to here starts at the wrist. */
const WRIST_REACH = 0.85;
/** The Moon mount (Chandra) lies on the percussion side of the lower palm. */
const MOON_ACROSS = 0.7;
const MOON_DOWN = 0.55;
/** The head line's drop over its outer half, down per across: level below, toward the Moon above. */
const HEAD_SLOPE = { levelBelow: 0.25, moonFrom: 0.5 } as const;
/** The stretch of the life line that bows round the thumb ball, from where to where down the palm. */
const ARC_SPAN = { from: 0.35, to: 0.7 } as const;

const distance = (a: PalmPoint, b: PalmPoint) => Math.hypot(a.across - b.across, a.down - b.down);
/** Distance from `p` to a trace, taken as the polyline through its points (a trace is thinned for drawing). */
function nearest(p: PalmPoint, trace: readonly PalmPoint[]): number {
  if (trace.length === 1) return distance(p, trace[0]!);
  return Math.min(
    ...trace.slice(1).map((b, i) => {
      const a = trace[i]!;
      const [da, dd] = [b.across - a.across, b.down - a.down];
      const along = ((p.across - a.across) * da + (p.down - a.down) * dd) / (da * da + dd * dd || 1);
      const f = Math.min(1, Math.max(0, along));
      return distance(p, { across: a.across + f * da, down: a.down + f * dd });
    }),
  );
}
const mostBy = (trace: readonly PalmPoint[], score: (p: PalmPoint) => number) =>
  trace.reduce((best, p) => (score(p) > score(best) ? p : best));

type Class<T extends keyof PalmProfile> = PalmProfile[T];

/**
 * Where the heart line ends, against the fingers above it. A trace proves how far the line runs,
 * never where it stops, so each class needs its own evidence: under Jupiter where the crease was
 * followed to under the index finger; between Jupiter and Saturn where it was followed into the
 * cleft between the two fingers (up to the knuckle line there, where it can run no further); under
 * Saturn only where plain skin continues past the end under the middle finger (`beyond` empty).
 */
export function heartLineEnd(
  trace: readonly PalmPoint[],
  beyond: readonly PalmPoint[] | undefined,
  bases: FingerBases,
): Class<'heartLineEnd'> {
  if (trace.length === 0) return null;
  const end = mostBy([...trace, ...(beyond ?? [])], (p) => -p.across);
  const cleft = bases.middle.across / 2;
  if (end.across <= cleft - FEATURE_MARGIN) return 'under-jupiter';
  if (end.across <= cleft + FEATURE_MARGIN) return null;
  if (end.across <= bases.middle.across - FEATURE_MARGIN && end.down <= FEATURE_MARGIN)
    return 'between-jupiter-and-saturn';
  const underSaturn =
    Math.abs(end.across - bases.middle.across) <= (bases.ring.across - bases.middle.across) / 2;
  return beyond !== undefined && beyond.length === 0 && underSaturn ? 'under-saturn' : null;
}

/**
 * Whether the head line starts on the life line or apart from it. Joined: the life line's upper
 * end lies on the head line. Apart: both creases reach the palm's edge above the thumb and keep a
 * clear gap there; a trace that stops before the edge could have missed where they meet.
 */
export function headLineStart(
  head: readonly PalmPoint[],
  life: readonly PalmPoint[],
): Class<'headLineStart'> {
  if (head.length === 0 || life.length === 0) return null;
  const lifeTop = mostBy(life, (p) => -p.down);
  const headStart = mostBy(head, (p) => -p.across);
  if (nearest(lifeTop, head) <= JOINED_WITHIN) return 'joined-to-life';
  const bothAtEdge = headStart.across <= EDGE_REACH && lifeTop.across <= EDGE_REACH;
  return bothAtEdge && distance(headStart, lifeTop) >= APART_FROM && nearest(lifeTop, head) >= APART_FROM
    ? 'apart-from-life'
    : null;
}

/** How far the outer half of a crease running across the palm drops, down per across. */
function outerSlope(trace: readonly PalmPoint[]): number {
  const start = mostBy(trace, (p) => -p.across);
  const end = mostBy(trace, (p) => p.across);
  const middle = start.across + (end.across - start.across) / 2;
  const from = mostBy(
    trace.filter((p) => p.across >= middle),
    (p) => -p.across,
  );
  return (end.down - from.down) / Math.max(end.across - from.across, FEATURE_MARGIN);
}

/**
 * Whether the head line's outer half runs level or drops toward the Moon mount: its slope, down
 * the palm per knuckle width across. Only a trace that reaches under the ring finger shows its
 * outer half; a shorter one may still turn either way.
 */
export function headLineEnd(head: readonly PalmPoint[], bases: FingerBases): Class<'headLineEnd'> {
  if (head.length < 2) return null;
  const end = mostBy(head, (p) => p.across);
  if (end.across < bases.ring.across) return null;
  const slope = outerSlope(head);
  const towardMoon = slope >= HEAD_SLOPE.moonFrom || (end.across >= MOON_ACROSS && end.down >= MOON_DOWN);
  if (towardMoon) return 'toward-moon';
  return slope < HEAD_SLOPE.levelBelow ? 'level' : null;
}

/**
 * How far the life line swings out from the thumb ball into the palm, against the fingers above:
 * wide where it reaches past the middle of the palm (halfway from the middle finger's line to the
 * ring finger's), narrow where it stays on the thumb's side of the middle finger's line. A partial
 * trace shows at least its reach, so 'wide' needs no more than the trace; 'narrow' and 'medium'
 * need the trace to cover the whole bow round the thumb ball.
 */
export function lifeLineArc(life: readonly PalmPoint[], bases: FingerBases): Class<'lifeLineArc'> {
  if (life.length === 0) return null;
  const widest = mostBy(life, (p) => p.across).across;
  const wideFrom = (bases.middle.across + bases.ring.across) / 2;
  const narrowBelow = bases.middle.across;
  if (widest >= wideFrom + FEATURE_MARGIN) return 'wide';
  const downs = life.map((p) => p.down);
  const coversBow = Math.min(...downs) <= ARC_SPAN.from && Math.max(...downs) >= ARC_SPAN.to;
  if (!coversBow || widest > wideFrom - FEATURE_MARGIN) return null;
  if (widest < narrowBelow - FEATURE_MARGIN) return 'narrow';
  return widest > narrowBelow + FEATURE_MARGIN ? 'medium' : null;
}

/**
 * Where the fate line starts: its lower end at the wrist, on the life line, or on the Moon mount.
 * A fate line that seems to start in mid-palm may only be traced from there, so that is never said.
 */
export function fateLineStart(
  fate: readonly PalmPoint[],
  life: readonly PalmPoint[],
): Class<'fateLineStart'> {
  if (fate.length === 0) return null;
  const start = mostBy(fate, (p) => p.down);
  if (start.down >= WRIST_REACH) return 'wrist';
  if (life.length > 0 && nearest(start, life) <= JOINED_WITHIN) return 'life-line';
  return start.across >= MOON_ACROSS && start.down >= MOON_DOWN ? 'moon-mount' : null;
}

type LineFeatureTrait = 'heartLineEnd' | 'headLineStart' | 'headLineEnd' | 'lifeLineArc' | 'fateLineStart';

/**
 * The line features of one photo, from the traces of the lines seen clearly (a line seen only
 * faintly has no length class: where it starts and ends is read off noise) and the hand's landmarks.
 */
export function lineFeatures(
  observation: PalmObservation,
  seen: (line: LineObservation) => boolean,
): Pick<PalmProfile, LineFeatureTrait> {
  const toPalm = knuckleFrame(observation.landmarks);
  const bases = fingerBases(observation.landmarks);
  const traceOf = (line: LineObservation) =>
    seen(line) && line.length !== undefined ? (line.trace ?? []).map(toPalm) : [];
  const { heart, head, life, fate } = observation.lines;
  const heartTrace = traceOf(heart);
  const lifeTrace = traceOf(life);
  const headTrace = traceOf(head);
  return {
    heartLineEnd: heartLineEnd(heartTrace, heartTrace.length ? heart.beyond?.map(toPalm) : undefined, bases),
    headLineStart: headLineStart(headTrace, lifeTrace),
    headLineEnd: headLineEnd(headTrace, bases),
    lifeLineArc: lifeLineArc(lifeTrace, bases),
    fateLineStart: fateLineStart(traceOf(fate), lifeTrace),
  };
}

/**
 * The numbers the line features are judged on, for the measured facts beside a finding (NaN where
 * the line has no trace): how far across the palm the heart line runs (from the little finger's
 * side), the life line's upper end's distance from the head line, the head line's outer slope, how
 * far the life line reaches across, how far toward the little finger the head line was followed, and
 * how far down the palm the fate line starts.
 */
export function lineFeatureFacts(observation: PalmObservation) {
  const toPalm = knuckleFrame(observation.landmarks);
  const { heart, head, life, fate } = observation.lines;
  const traceOf = (line: LineObservation) => (line.trace ?? []).map(toPalm);
  const [heartTrace, headTrace, lifeTrace, fateTrace] = [heart, head, life, fate].map(traceOf) as [
    PalmPoint[],
    PalmPoint[],
    PalmPoint[],
    PalmPoint[],
  ];
  const heartAll = [...heartTrace, ...(heart.beyond ?? []).map(toPalm)];
  const has = (trace: readonly PalmPoint[]) => trace.length > 0;
  return {
    heartReach: has(heartAll) ? 1 - mostBy(heartAll, (p) => -p.across).across : NaN,
    headToLife:
      has(headTrace) && has(lifeTrace)
        ? nearest(
            mostBy(lifeTrace, (p) => -p.down),
            headTrace,
          )
        : NaN,
    headSlope: headTrace.length > 1 ? outerSlope(headTrace) : NaN,
    headReach: has(headTrace) ? mostBy(headTrace, (p) => p.across).across : NaN,
    lifeReach: has(lifeTrace) ? mostBy(lifeTrace, (p) => p.across).across : NaN,
    fateFrom: has(fateTrace) ? mostBy(fateTrace, (p) => p.down).down : NaN,
  };
}
