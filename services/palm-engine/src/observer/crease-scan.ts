import { MIN_SURFACE_WIDTH, type PalmFrame, type PalmSurface } from '@palm/hand-pose';
import type { LineName, LineObservation, PalmObservation, Point } from '../palm-observation';
import { LINE_NAMES } from '../palm-observation';
import { HEART_CONTINUATION, LINE_CORRIDORS, type LineCorridor } from './palm-anchors';
import { gaussianBlur } from './palm-surface';
import { valleyField, type ValleyField } from './valley-field';

/**
 * Scanned in this order: each line seen claims its pixels, so a later corridor that overlaps
 * (the life line's with the head line's start, the fate line's with the life line's lower arc)
 * cannot report the same crease again. Marriage lines run onto the side of the hand, out of a
 * frontal photo's view; their corridor there only meets the little finger's base crease, so they
 * are not scanned.
 */
const SCANNED_LINES = ['heart', 'head', 'life', 'fate', 'sun'] as const satisfies readonly LineName[];

/** Crease scale: the Hessian's smoothing, in surface pixels per palm width. */
const VALLEY_SIGMA = 1 / 110;
const MIN_VALLEY_SIGMA = 1.1;
/** Valley strengths are read relative to this percentile of the palm's own: its skin texture. */
const TEXTURE_PERCENTILE = 0.9;
/** Track sampling, in surface pixels: along the corridor, and across it. */
const STATION_STEP = 1.5;
const OFFSET_STEP = 1;
/** A crease may drift at most one offset per station (about 35° off the corridor) and pays this per offset. */
const MAX_DRIFT = 1;
const DRIFT_PENALTY = 0.35;
/** One dark spot (a mole, a crossing) must not pull the whole track: responses count up to this. */
const RESPONSE_CAP = 4;

/** A station lies on the crease when its response is this many times the skin texture. */
const HIT_RESPONSE = 1.2;
/** Stations either side averaged before that test: a faint but continuous crease still counts. */
const SMOOTHING = 3;
/** A gap is a break only where the crease fades to the skin's own texture, not where it merely thins. */
const BREAK_RESPONSE = 1;
/** A crease may fade for this share of the corridor (a break or a crossing) and still be one line. */
const MAX_GAP = 0.06;
/**
 * A crease is seen when it follows its corridor for this share at least, with a mean response of
 * MIN_MEAN_RESPONSE; a longer one may be fainter, down to LONG_TRACK_RESPONSE from LONG_TRACK on:
 * skin texture does not line up along a whole corridor. Set on the even rows of
 * ../shared/palms/lines (traces against the labelled boxes, `npm run bench:engine`) and checked on
 * the odd rows; the earlier 0.35 and 2.3 left a third of the labelled lines unseen, though what
 * the looser values add still lies in the labelled boxes.
 */
const MIN_LENGTH = 0.2;
const MIN_MEAN_RESPONSE = 1.7;
const LONG_TRACK = 0.6;
const LONG_TRACK_RESPONSE = 1.45;
/** Mean response of a crease drawn deep and sure. */
const DEEP_RESPONSE = 3.5;
const MAX_CONFIDENCE = 0.85;
/**
 * A line seen is sure enough for the rules to read (their floor for lines) and is drawn as it was
 * seen; its length and depth make it surer, up to MAX_CONFIDENCE.
 */
const SEEN_CONFIDENCE = 0.5;
/**
 * Corridors sit where the lines run on a palm of ordinary proportions. A palm frame squatter than
 * this (length over knuckle width) means fingers bent over the knuckles or landmarks set too high:
 * the corridors would then cross the wrong creases, so no line is reported.
 */
const MIN_PALM_RATIO = 1.2;

interface ClassCut<T> {
  lowBelow: number;
  highFrom: number;
  classes: readonly [T, T, T];
}

/**
 * Where a seen line's measures are cut into the classes the rules read: its length (share of the
 * corridor traced), its bow (largest distance from its chord over the chord) and its depth (mean
 * valley response).
 */
export const LINE_CLASSES = {
  length: { lowBelow: 0.5, highFrom: 0.75, classes: ['short', 'medium', 'long'] },
  curvature: { lowBelow: 0.05, highFrom: 0.12, classes: ['straight', 'gentle', 'curved'] },
  depth: { lowBelow: 3, highFrom: DEEP_RESPONSE, classes: ['faint', 'clear', 'deep'] },
} as const satisfies Record<string, ClassCut<string>>;

export type LineNoise = Record<keyof typeof LINE_CLASSES, number>;

/**
 * How far a seen line's measures move between two photos of one hand, which depends on how many
 * pixels the palm has. A palm narrower than the surface it is resampled onto (MIN_SURFACE_WIDTH)
 * is upsampled, and a crease there is a pixel or two wide: the root-mean-square spread within a
 * hand over ../shared/palms/retest (palms 29–55 px across; heart, head and life lines seen in two
 * or more photos of a hand, pooled) is 0.11 in length, 0.025 in bow and 0.24 in depth (line by
 * line 0.08–0.12, 0.023–0.027 and 0.23–0.25). On palms of 113–223 px (../shared/palms/palm) the
 * same measures move 0.03–0.06, 0.005–0.017 and 0.08–0.13 under rotation, exposure and JPEG
 * changes (`npm run bench:retest`); a second photo also changes the pose, so these are the least
 * it moves there.
 */
export const LINE_NOISE = {
  upsampled: { length: 0.11, curvature: 0.025, depth: 0.24 },
  resolved: { length: 0.06, curvature: 0.015, depth: 0.13 },
} as const satisfies Record<string, LineNoise>;

/** The noise of a line's measures on a palm this many pixels wide in the photo. */
export function lineNoiseFor(palmWidthPx: number): LineNoise {
  return palmWidthPx < MIN_SURFACE_WIDTH ? LINE_NOISE.upsampled : LINE_NOISE.resolved;
}

/**
 * A value closer than this many noise widths to a cut-off could fall on either side in the next
 * photo of the same hand, so it asserts neither. Two widths left the fewest hands of the retest
 * set with a class that changes between photos (1, 1.5 and 2 tried).
 */
export const NOISE_MULTIPLE = 2;

/**
 * A value within NOISE_MULTIPLE noise widths of a cut-off could fall on either side in the next
 * photo of the hand, so it reads as the middle class.
 */
export function lineClass<T>(value: number, { lowBelow, highFrom, classes }: ClassCut<T>, noise: number): T {
  const margin = NOISE_MULTIPLE * noise;
  if (value < lowBelow - margin) return classes[0];
  return value >= highFrom + margin ? classes[2] : classes[1];
}

/**
 * A line whose mean response clears what its length needs to be seen by less than this is seen
 * only faintly. Such a crease was followed along an uncertain stretch: where it starts and ends and
 * how it bends are read off noise, and the next photo of the hand classes them otherwise (or sees
 * the line clearly, or not at all). It reads as a fine line and nothing more. The margin moves by
 * 0.27 (RMS) between photos of one hand on ../shared/palms/retest, where an eighth of the lines
 * seen fall in this band; on the phone photos of ../shared/palms/lines 3 %. Wider bands (0.15–0.3)
 * re-identified retest hands as well but lost more of a reading's tags under the synthetic view
 * changes (`npm run bench:retest`), where a line seen clearly in the photo drops into the band.
 */
const FAINT_MARGIN = 0.1;

export interface CreaseMeasures {
  /** Share of the corridor traced. */
  length: number;
  meanResponse: number;
  /** Largest distance from the chord over the chord. */
  bow: number;
  breaks: number;
}

/** The classes the rules read off a seen line; a line seen only faintly is only a fine line. */
export function seenLineClasses(
  measures: CreaseMeasures,
  noise: LineNoise,
): Pick<LineObservation, 'length' | 'curvature' | 'depth' | 'breaks'> {
  const depth = lineClass(measures.meanResponse, LINE_CLASSES.depth, noise.depth);
  if (measures.meanResponse < responseNeeded(measures.length) + FAINT_MARGIN) return { depth };
  return {
    length: lineClass(measures.length, LINE_CLASSES.length, noise.length),
    curvature: lineClass(measures.bow, LINE_CLASSES.curvature, noise.curvature),
    depth,
    breaks: measures.breaks,
  };
}

/** Radius, in surface pixels, of the strip a seen line claims from later corridors. */
const CLAIM_RADIUS = 3;
/** Response marking a pixel claimed by a line already seen. */
const CLAIMED = -1;

interface Corridor {
  /** Station centres, unit normals and the spacing of offsets across, in surface pixels. */
  stations: { x: number; y: number; nx: number; ny: number; step: number }[];
  offsets: number;
}

/**
 * Stations every STATION_STEP pixels along the corridor's path. The corridor's half-width is in
 * palm coordinates across the path (t for a line running across the palm, s for one running down
 * it), so in pixels it depends on the path's direction and on the palm's proportions.
 */
function layCorridor(corridor: LineCorridor, width: number, height: number): Corridor {
  const scale = { x: width - 1, y: height - 1 };
  const path = corridor.path.map(([s, t]) => ({ x: s * scale.x, y: t * scale.y }));
  const lengths = path.slice(1).map((p, i) => Math.hypot(p.x - path[i]!.x, p.y - path[i]!.y));
  const across = corridor.path.slice(1).map(([s, t], i) => {
    const [ds, dt] = [s - corridor.path[i]![0], t - corridor.path[i]![1]];
    return (corridor.halfWidth * Math.hypot(dt * scale.x, ds * scale.y)) / (Math.hypot(ds, dt) || 1);
  });
  // Half-widths meet halfway at each bend, so the corridor's edges stay smooth there.
  const atVertex = path.map((_, i) => ((across[i - 1] ?? across[i]!) + (across[i] ?? across[i - 1]!)) / 2);
  const total = lengths.reduce((a, b) => a + b, 0);
  const count = Math.max(2, Math.round(total / STATION_STEP) + 1);
  const centres: { x: number; y: number; nx: number; ny: number; halfPx: number }[] = [];
  let segment = 0;
  let start = 0;
  for (let k = 0; k < count; k++) {
    const distance = (k / (count - 1)) * total;
    while (segment < lengths.length - 1 && distance > start + lengths[segment]!) start += lengths[segment++]!;
    const [a, b] = [path[segment]!, path[segment + 1]!];
    const length = lengths[segment]! || 1;
    const f = Math.min(1, (distance - start) / length);
    centres.push({
      x: a.x + (b.x - a.x) * f,
      y: a.y + (b.y - a.y) * f,
      nx: -(b.y - a.y) / length,
      ny: (b.x - a.x) / length,
      halfPx: atVertex[segment]! + (atVertex[segment + 1]! - atVertex[segment]!) * f,
    });
  }
  const half = Math.max(1, Math.round(Math.max(...centres.map((c) => c.halfPx)) / OFFSET_STEP));
  return {
    stations: centres.map(({ halfPx, ...centre }) => ({ ...centre, step: halfPx / half })),
    offsets: 2 * half + 1,
  };
}

/** Where offset `j` of a station lies, in surface pixels. */
function offsetPoint(corridor: Corridor, k: number, j: number): { x: number; y: number } {
  const { x, y, nx, ny, step } = corridor.stations[k]!;
  const shift = (j - (corridor.offsets - 1) / 2) * step;
  return { x: x + nx * shift, y: y + ny * shift };
}

/**
 * Valley response at each station and offset: the valley's strength, relative to the palm's
 * texture, weighted by how well it runs along the corridor (a crossing crease counts little).
 */
function corridorResponses(
  corridor: Corridor,
  field: ValleyField,
  texture: number,
  claimed: Uint8Array,
): Float32Array[] {
  const { width, height } = field;
  return corridor.stations.map(({ nx, ny }, k) => {
    const row = new Float32Array(corridor.offsets);
    for (let j = 0; j < corridor.offsets; j++) {
      const p = offsetPoint(corridor, k, j);
      const column = Math.round(p.x);
      const line = Math.round(p.y);
      if (column < 0 || line < 0 || column >= width || line >= height) continue;
      const i = line * width + column;
      if (claimed[i]) {
        row[j] = CLAIMED;
        continue;
      }
      const alignment = field.normalX[i]! * nx + field.normalY[i]! * ny;
      row[j] = (field.strength[i]! * alignment * alignment) / texture;
    }
    return row;
  });
}

/** The smooth path through the corridor with the most valley response (Viterbi), as one offset per station. */
function bestTrack(responses: readonly Float32Array[]): number[] {
  const stations = responses.length;
  const offsets = responses[0]?.length ?? 0;
  if (!stations || !offsets) return [];
  const gain = (value: number) => Math.min(Math.max(value, 0), RESPONSE_CAP);
  let score = Float32Array.from(responses[0]!, gain);
  const from: Int16Array[] = [];
  for (let k = 1; k < stations; k++) {
    const next = new Float32Array(offsets);
    const back = new Int16Array(offsets);
    for (let j = 0; j < offsets; j++) {
      let best = -Infinity;
      let bestFrom = j;
      for (let d = -MAX_DRIFT; d <= MAX_DRIFT; d++) {
        const previous = j + d;
        if (previous < 0 || previous >= offsets) continue;
        const candidate = score[previous]! - DRIFT_PENALTY * Math.abs(d);
        if (candidate > best) {
          best = candidate;
          bestFrom = previous;
        }
      }
      next[j] = best + gain(responses[k]![j]!);
      back[j] = bestFrom;
    }
    from.push(back);
    score = next;
  }
  let end = 0;
  score.forEach((value, j) => {
    if (value > score[end]!) end = j;
  });
  const track = [end];
  for (let k = stations - 2; k >= 0; k--) track.push(from[k]![track[track.length - 1]!]!);
  return track.reverse();
}

interface TrackSegment {
  first: number;
  last: number;
  /** Gaps inside the segment, each a run of stations off the crease. */
  breaks: number;
  meanResponse: number;
}

/**
 * The longest stretch of the track that lies on a crease: stations whose response, averaged with
 * their neighbours', is strong, and that are not pressed against the corridor's edge (there the
 * real maximum lies outside — another crease grazing the corridor). Short gaps are bridged and
 * counted as breaks; pixels claimed by another line neither break the crease nor support it.
 */
function creaseSegment(
  responses: readonly Float32Array[],
  track: readonly number[],
): TrackSegment | undefined {
  const offsets = responses[0]?.length ?? 0;
  const along = track.map((j, k) => responses[k]![j] ?? 0);
  const free = along.map((value) => value !== CLAIMED);
  const smooth = along.map((_, k) => {
    const window = along.slice(Math.max(0, k - SMOOTHING), k + SMOOTHING + 1).filter((v) => v !== CLAIMED);
    return window.reduce((a, b) => a + Math.min(b, RESPONSE_CAP), 0) / Math.max(window.length, 1);
  });
  const onCrease = track.map((j, k) => free[k]! && j > 0 && j < offsets - 1 && smooth[k]! >= HIT_RESPONSE);
  const maxGap = Math.max(1, Math.round(MAX_GAP * track.length));
  const segments: { first: number; last: number }[] = [];
  let gap = Infinity;
  track.forEach((_, k) => {
    if (onCrease[k]) {
      if (gap > maxGap) segments.push({ first: k, last: k });
      segments[segments.length - 1]!.last = k;
      gap = 0;
    } else if (free[k]) gap++;
  });
  const longest = segments.reduce<{ first: number; last: number } | undefined>(
    (best, segment) => (!best || segment.last - segment.first > best.last - best.first ? segment : best),
    undefined,
  );
  if (!longest) return undefined;
  let breaks = 0;
  let sum = 0;
  let count = 0;
  let broken = false;
  for (let k = longest.first; k <= longest.last; k++) {
    if (!free[k]) continue;
    sum += Math.min(along[k]!, RESPONSE_CAP);
    count++;
    if (onCrease[k]) broken = false;
    else if (!broken && smooth[k]! < BREAK_RESPONSE) {
      breaks++;
      broken = true;
    }
  }
  return { ...longest, breaks, meanResponse: sum / Math.max(count, 1) };
}

function claim(
  claimed: Uint8Array,
  width: number,
  height: number,
  points: readonly { x: number; y: number }[],
) {
  for (const p of points) {
    for (let dy = -CLAIM_RADIUS; dy <= CLAIM_RADIUS; dy++) {
      for (let dx = -CLAIM_RADIUS; dx <= CLAIM_RADIUS; dx++) {
        const column = Math.round(p.x) + dx;
        const row = Math.round(p.y) + dy;
        if (column >= 0 && row >= 0 && column < width && row < height) claimed[row * width + column] = 1;
      }
    }
  }
}

/** The mean response a crease of this length (share of its corridor) needs to count as seen. */
function responseNeeded(length: number): number {
  const longShare = Math.min(1, Math.max(0, (length - MIN_LENGTH) / (LONG_TRACK - MIN_LENGTH)));
  return MIN_MEAN_RESPONSE + (LONG_TRACK_RESPONSE - MIN_MEAN_RESPONSE) * longShare;
}

function scanLine(
  corridor: LineCorridor,
  field: ValleyField,
  texture: number,
  claimed: Uint8Array,
  frame: PalmFrame,
  toPercent: (p: Point) => Point,
  noise: LineNoise,
  continuation?: LineCorridor,
): LineObservation {
  const laid = layCorridor(corridor, field.width, field.height);
  const responses = corridorResponses(laid, field, texture, claimed);
  const track = bestTrack(responses);
  const segment = creaseSegment(responses, track);
  const length = segment ? (segment.last - segment.first + 1) / track.length : 0;
  if (!segment || length < MIN_LENGTH || segment.meanResponse < responseNeeded(length)) {
    return unseenLine(corridor, Math.min(0.3, length * 0.3), frame, toPercent);
  }
  const pixels = track
    .slice(segment.first, segment.last + 1)
    .map((j, k) => offsetPoint(laid, segment.first + k, j));
  claim(claimed, field.width, field.height, pixels);
  const strength = Math.min(
    1,
    Math.max(0, segment.meanResponse - MIN_MEAN_RESPONSE) / (DEEP_RESPONSE - MIN_MEAN_RESPONSE),
  );
  const sureness = (0.5 * (length - MIN_LENGTH)) / (1 - MIN_LENGTH) + 0.5 * strength;
  const confidence = SEEN_CONFIDENCE + (MAX_CONFIDENCE - SEEN_CONFIDENCE) * sureness;
  const trace = pixels.map((p) => frame.at(p.x / (field.width - 1), p.y / (field.height - 1)));
  const classes = seenLineClasses(
    { length, meanResponse: segment.meanResponse, bow: bowOf(pixels), breaks: segment.breaks },
    noise,
  );
  // Only a crease seen clearly to its corridor's very end can be followed on past it.
  const reachedEnd = segment.last >= track.length - 1 - Math.max(1, Math.round(MAX_GAP * track.length));
  const beyond =
    continuation && reachedEnd && classes.length !== undefined
      ? scanContinuation(continuation, field, texture, claimed, frame, toPercent)
      : undefined;
  return {
    seen: true,
    confidence,
    ...classes,
    // The marker sits on the crease itself, halfway along the stretch that was seen.
    anchor: toPercent(trace[Math.floor(trace.length / 2)]!),
    trace: thin(trace).map(toPercent),
    ...(beyond ? { beyond } : {}),
  };
}

/** A continuation's crease must start within this share of it: past the junction, not somewhere further on. */
const CONTINUATION_START = 0.25;

/**
 * A line followed past its corridor's end: the crease that starts at the junction, or an empty
 * trace where even the strongest track there stays at the skin's own texture (the line ends), or
 * undefined where neither is clear. Claims nothing, so the later corridors are scanned as before.
 */
function scanContinuation(
  corridor: LineCorridor,
  field: ValleyField,
  texture: number,
  claimed: Uint8Array,
  frame: PalmFrame,
  toPercent: (p: Point) => Point,
): Point[] | undefined {
  const laid = layCorridor(corridor, field.width, field.height);
  const responses = corridorResponses(laid, field, texture, claimed);
  const track = bestTrack(responses);
  const segment = creaseSegment(responses, track);
  if (
    segment &&
    segment.first <= CONTINUATION_START * track.length &&
    segment.meanResponse >= MIN_MEAN_RESPONSE
  ) {
    const trace = track
      .slice(segment.first, segment.last + 1)
      .map((j, k) => offsetPoint(laid, segment.first + k, j))
      .map((p) => frame.at(p.x / (field.width - 1), p.y / (field.height - 1)));
    return thin(trace).map(toPercent);
  }
  const opening = track
    .slice(0, Math.ceil(2 * CONTINUATION_START * track.length))
    .map((j, k) => responses[k]![j]!)
    .filter((value) => value !== CLAIMED);
  const mean =
    opening.reduce((a, b) => a + Math.min(Math.max(b, 0), RESPONSE_CAP), 0) / (opening.length || 1);
  return opening.length > 0 && mean < BREAK_RESPONSE ? [] : undefined;
}

/** A line not seen: its marker goes where its corridor lies. */
function unseenLine(
  corridor: LineCorridor,
  confidence: number,
  frame: PalmFrame,
  toPercent: (p: Point) => Point,
): LineObservation {
  return { seen: false, confidence, anchor: toPercent(frame.at(...corridor.anchor)) };
}

/** Every few stations is enough to draw a crease. */
function thin(points: Point[]): Point[] {
  const every = Math.max(1, Math.round(points.length / 24));
  return points.filter((_, i) => i % every === 0 || i === points.length - 1);
}

/** Largest distance of the trace from its chord, relative to the chord's length: in the palm's own frame, so a tilted photo does not bend it. */
function bowOf(trace: Point[]): number {
  const first = trace[0]!;
  const last = trace[trace.length - 1]!;
  const chord = Math.hypot(last.x - first.x, last.y - first.y) || 1;
  const bow = Math.max(
    ...trace.map(
      (p) => Math.abs((last.x - first.x) * (first.y - p.y) - (first.x - p.x) * (last.y - first.y)) / chord,
    ),
  );
  return bow / chord;
}

/** The value a full sort would put at `fraction` of the way, found by selection (no sort of every pixel). */
function percentile(values: Float32Array, fraction: number): number {
  if (values.length === 0) return 0;
  const items = Float32Array.from(values);
  const wanted = Math.min(items.length - 1, Math.floor(items.length * fraction));
  let low = 0;
  let high = items.length - 1;
  while (low < high) {
    const pivot = items[(low + high) >> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (items[i]! < pivot) i++;
      while (items[j]! > pivot) j--;
      if (i <= j) {
        const swap = items[i]!;
        items[i++] = items[j]!;
        items[j--] = swap;
      }
    }
    if (wanted <= j) high = j;
    else if (wanted >= i) low = i;
    else break;
  }
  return items[wanted]!;
}

/**
 * Valleys in the palm at crease scale: how much darker a pixel is than its surroundings (a
 * difference of Gaussians), in grey levels. What crease density counts.
 */
function valleyMap(surface: PalmSurface): Float32Array {
  const fine = gaussianBlur(surface, Math.max(0.8, surface.width / 150));
  const coarse = gaussianBlur(surface, Math.max(3, surface.width / 18));
  return fine.map((value, i) => Math.max(0, coarse[i]! - value));
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
 * seen only when one smooth track along the corridor follows a valley well above the skin's
 * texture for a good part of its length; otherwise it is reported as not seen, with low
 * confidence, rather than guessed.
 */
export function scanCreases(
  surface: PalmSurface,
  frame: PalmFrame,
  contrast: number,
  toPercent: (p: Point) => Point,
  palmWidthPx: number,
): CreaseFindings {
  const lineNoise = lineNoiseFor(palmWidthPx);
  const field = valleyField(surface, Math.max(MIN_VALLEY_SIGMA, surface.width * VALLEY_SIGMA));
  const texture = Math.max(percentile(field.strength, TEXTURE_PERCENTILE), 0.05);
  const claimed = new Uint8Array(field.width * field.height);
  const trusted = field.height >= MIN_PALM_RATIO * field.width;
  const scanned: Partial<Record<LineName, LineObservation>> = {};
  for (const name of trusted ? SCANNED_LINES : []) {
    const continuation = name === 'heart' ? HEART_CONTINUATION : undefined;
    scanned[name] = scanLine(
      LINE_CORRIDORS[name],
      field,
      texture,
      claimed,
      frame,
      toPercent,
      lineNoise,
      continuation,
    );
  }
  const lines = Object.fromEntries(
    LINE_NAMES.map((name) => [name, scanned[name] ?? unseenLine(LINE_CORRIDORS[name], 0, frame, toPercent)]),
  ) as Record<LineName, LineObservation>;
  const valleys = valleyMap(surface);
  const deep =
    valleys.filter((value) => value > VALLEY_DEPTH * Math.max(contrast, 1)).length / valleys.length;
  return { lines, creaseDensity: { level: creaseLevel(deep), confidence: 0.4, valleyShare: deep } };
}

/** The density level of a palm with this share of its surface in crease-deep valleys. */
export function creaseLevel(valleyShare: number): PalmObservation['creaseDensity']['level'] {
  if (valleyShare > DENSE_VALLEY_SHARE) return 'dense';
  return valleyShare < SPARSE_VALLEY_SHARE ? 'sparse' : 'moderate';
}
