import { spacingOf } from '../observer/hand-geometry';
import { creaseLevel } from '../observer/crease-scan';
import type {
  FingerName,
  HandGeometry,
  LineName,
  LineObservation,
  PalmObservation,
} from '../palm-observation';
import { LINE_CONFIDENCE, noiseAt } from './palm-profile';
import { measuresOf, PROFILE_MEASURES, type ProfileMeasure } from './profile-measures';

/**
 * Several frames of one hand (`palmFrames`, issue #28 item 4): the measures of one photo are
 * mostly its pose, and a line's attributes come and go between photos. Pooled, a measure is the
 * median over the frames, a line counts only where at least two frames see it, and a line's class
 * only where at least two frames state it and none states another, so a reading states what more
 * than one photo confirms and no photo contradicts. The report still shows the palm photo: its landmarks,
 * outline, mounts and traces are the ones drawn on it.
 */

/** A line, or one of its classes, is pooled only when at least this many frames show it. */
export const MIN_FRAMES_SEEING = 2;

/**
 * The measures that say whose hand it is, not how it is held: the finger spread and the thumb's
 * opening are pose, and a frame may differ in them as much as it likes.
 */
const POSE_MEASURES: readonly ProfileMeasure[] = ['thumbAngle', 'fingerSpreadDegrees'];
const IDENTITY_MEASURES = PROFILE_MEASURES.filter((measure) => !POSE_MEASURES.includes(measure));

/**
 * Two photos of one hand differ in each identity measure by about √2 noise widths (the recorded
 * within-hand spread), so the root mean square of those differences in noise widths sits near 1.4
 * (median 0.9 over the retest set's same-hand pairs, 95th percentile 2.5, largest 5.8). Beyond
 * this, a frame shows a clearly different hand. Set above every same-hand pair there, since a
 * false alarm refuses a visitor's reading and real phone photos of one hand vary more; it then
 * catches only hands of quite other proportions (3 % of the retest set's pairs of different
 * people with the same side; bench:retest records both figures). The side check does the rest.
 */
export const DIFFERENT_HAND_DISTANCE = 6;

export type FrameMismatch = 'other_hand_side' | 'different_hand';

/**
 * How far apart two photos' hand proportions are, in within-hand noise widths (root mean square),
 * each measure's width the wider of the two photos' (`noiseAt`: a photo with lifted fingers strays further).
 */
export function handDistance(a: PalmObservation, b: PalmObservation): number {
  const ma = measuresOf(a);
  const mb = measuresOf(b);
  const [na, nb] = [noiseAt(a), noiseAt(b)];
  const squares = IDENTITY_MEASURES.map((m) => ((ma[m] - mb[m]) / Math.max(na[m], nb[m])) ** 2);
  return Math.sqrt(squares.reduce((sum, x) => sum + x, 0) / squares.length);
}

/** Whether a frame shows another hand than the palm photo: the other side, or other proportions. */
export function frameMismatch(photo: PalmObservation, frame: PalmObservation): FrameMismatch | undefined {
  if (frame.side !== photo.side) return 'other_hand_side';
  return handDistance(photo, frame) > DIFFERENT_HAND_DISTANCE ? 'different_hand' : undefined;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const FINGERS: readonly FingerName[] = ['thumb', 'index', 'middle', 'ring', 'little'];

/**
 * Each proportion the median over the frames; the classes recomputed from the medians. The long
 * fingers' measures come from the frames that show the fingers whole (`fingersCutOff`), where any do.
 */
function pooledGeometry(photo: PalmObservation, all: readonly PalmObservation[]): HandGeometry {
  const whole = all.filter((frame) => !frame.fingersCutOff);
  const over = (frames: readonly PalmObservation[]) => (pick: (g: HandGeometry) => number) =>
    median(frames.map((frame) => pick(frame.geometry)));
  const of = over(all);
  const ofFingers = over(whole.length > 0 ? whole : all);
  const fingerLengths = Object.fromEntries(
    FINGERS.map((finger) => [finger, (finger === 'thumb' ? of : ofFingers)((g) => g.fingerLengths[finger])]),
  ) as HandGeometry['fingerLengths'];
  const palmRatio = of((g) => g.palmRatio);
  const fingerSpreadDegrees = ofFingers((g) => g.fingerSpreadDegrees);
  return {
    // In the photo's own units (fractions of its diagonal): they place things on it.
    palmLength: photo.geometry.palmLength,
    palmWidth: photo.geometry.palmWidth,
    palmRatio,
    fingerLengths,
    indexToRing: ofFingers((g) => g.indexToRing),
    littleToRingTopJoint: ofFingers((g) => g.littleToRingTopJoint),
    middleToPalm: fingerLengths.middle,
    thumbLength: fingerLengths.thumb,
    thumbAngle: of((g) => g.thumbAngle),
    fingerSpreadDegrees,
    fingerSpacing: spacingOf(fingerSpreadDegrees),
  };
}

/**
 * The class every frame that reads one states, if at least MIN_FRAMES_SEEING do; else none. Frames
 * that disagree show that a re-take could too, so the pooled reading claims no class there.
 */
function agreedClass<T>(values: readonly (T | undefined)[]): T | undefined {
  const stated = values.filter((value): value is T => value !== undefined);
  const [first] = stated;
  if (stated.length < MIN_FRAMES_SEEING || stated.some((value) => value !== first)) return undefined;
  return first;
}

/**
 * A line seen (as surely as the profile needs) in at least MIN_FRAMES_SEEING frames, with the
 * classes those frames agree on; else not seen. Where it lies is the photo's: its trace (and what
 * was followed beyond it) only where the photo itself shows the line, its anchor always.
 */
function pooledLine(photo: LineObservation, all: readonly LineObservation[]): LineObservation {
  const seeing = all.filter((line) => line.seen && line.confidence >= LINE_CONFIDENCE);
  if (seeing.length < MIN_FRAMES_SEEING) {
    return { seen: false, confidence: Math.min(photo.confidence, LINE_CONFIDENCE / 2), anchor: photo.anchor };
  }
  const length = agreedClass(seeing.map((line) => line.length));
  const curvature = agreedClass(seeing.map((line) => line.curvature));
  const depth = agreedClass(seeing.map((line) => line.depth));
  const breaks = agreedClass(seeing.map((line) => line.breaks));
  // The heart line's end is judged on the trace with what was followed past it: the two go together.
  const shown = seeing.includes(photo) ? photo : undefined;
  const { trace, beyond } = shown ?? {};
  return {
    seen: true,
    confidence: median(seeing.map((line) => line.confidence)),
    anchor: photo.anchor,
    ...(trace ? { trace } : {}),
    ...(trace && beyond ? { beyond } : {}),
    ...(length ? { length } : {}),
    ...(curvature ? { curvature } : {}),
    ...(depth ? { depth } : {}),
    ...(breaks !== undefined ? { breaks } : {}),
  };
}

/**
 * The palm photo's observation with the frames' evidence pooled in (all of one hand: see
 * `frameMismatch`). Without frames it is the photo's observation as it is, so a reading of one
 * photo is exactly what it was before frames existed.
 */
export function poolObservations(
  photo: PalmObservation,
  frames: readonly PalmObservation[],
): PalmObservation {
  if (frames.length === 0) return photo;
  const all = [photo, ...frames];
  const lines = Object.fromEntries(
    Object.entries(photo.lines).map(([name, line]) => [
      name,
      pooledLine(
        line,
        all.map((o) => o.lines[name as LineName]),
      ),
    ]),
  ) as PalmObservation['lines'];
  const valleyShare = median(all.map((o) => o.creaseDensity.valleyShare));
  return {
    ...photo,
    fingersCutOff: all.every((o) => o.fingersCutOff === true),
    geometry: pooledGeometry(photo, all),
    lines,
    creaseDensity: { ...photo.creaseDensity, level: creaseLevel(valleyShare), valleyShare },
  };
}
