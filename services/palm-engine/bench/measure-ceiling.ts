import { INDEX, LITTLE, MIDDLE, RING, THUMB, WRIST } from '@palm/hand-pose';
import type { LineName, PalmObservation, Point, WorldPoint } from '../src/palm-observation';
import { knuckleFrame, lineFeatureFacts, type PalmPoint } from '../src/profile/line-features';
import { LINE_CONFIDENCE } from '../src/profile/palm-profile';
import { measuresOf, PROFILE_MEASURES } from '../src/profile/profile-measures';
import { mean } from '../../../bench/support/stats';
import { seededRandom, shuffled } from '../../../tests/support/seeded-random';

/**
 * What the continuous measures behind a reading hold for telling hands apart, before any class is
 * cut from them: bench:retest's ceiling for re-identification by profile (issue #28, rank-1 ≥ 0.9).
 * A profile states classes, so it can carry at most what its measures carry; these figures say
 * whether more measures, or a better way of weighing them, would leave the classes enough to reach
 * the target.
 */
export const CEILING_MEASURE_GROUPS = {
  /** The eight measures the profile's proportion traits are cut from. */
  profile: PROFILE_MEASURES,
  /** Ratios of the network's 3-D bone lengths (world landmarks): fingers over the palm, the palm's shape. */
  bones3d: [
    'palm3d',
    'index3d',
    'middle3d',
    'ring3d',
    'little3d',
    'thumb3d',
    'littleToRing3d',
    'middleToRing3d',
  ],
  /** Image landmarks in the knuckle frame: finger lengths over the palm, where knuckles and thumb sit. */
  landmarks2d: [
    'index2d',
    'ring2d',
    'little2d',
    'middleKnuckleAcross',
    'ringKnuckleAcross',
    'thumbBaseAcross',
    'thumbBaseDown',
    'thumbKnuckleAcross',
    'thumbKnuckleDown',
  ],
  /**
   * Line geometry in the knuckle frame, from lines seen clearly (NaN elsewhere): what the line
   * features are judged on (line-features.ts `lineFeatureFacts`), and where a line runs at fixed
   * stations, which a partial trace gives wherever it covers them.
   */
  lines: [
    'heartReach',
    'headToLife',
    'headSlope',
    'lifeReach',
    'fateFrom',
    'heartDownAtMiddle',
    'headDownAt40',
    'headDownAt60',
    'lifeAcrossAt30',
    'lifeAcrossAt50',
    'lifeTop',
    'headStartAcross',
    'headStartDown',
  ],
  /** Share of the palm in crease-deep valleys. */
  crease: ['creaseValleyShare'],
} as const;

type Group = keyof typeof CEILING_MEASURE_GROUPS;
export type CeilingMeasure = (typeof CEILING_MEASURE_GROUPS)[Group][number];
type Values = Record<CeilingMeasure, number>;

const CEILING_MEASURES: CeilingMeasure[] = Object.values(CEILING_MEASURE_GROUPS).flat();
/** Measures every read photo has (no line needs to be seen). */
const ALWAYS_MEASURED = CEILING_MEASURES.filter(
  (m) => !(CEILING_MEASURE_GROUPS.lines as readonly string[]).includes(m),
);

const distance2 = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const distance3 = (a: WorldPoint, b: WorldPoint) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
function chainLength<P>(points: readonly P[], chain: readonly number[], d: (a: P, b: P) => number): number {
  let total = 0;
  for (let i = 1; i < chain.length; i++) total += d(points[chain[i - 1]!]!, points[chain[i]!]!);
  return total;
}

/** Where a trace crosses `key` = `at`, the trace's `out` coordinate there; NaN where it does not reach. */
function traceAt(
  trace: readonly PalmPoint[],
  key: keyof PalmPoint,
  at: number,
  out: keyof PalmPoint,
): number {
  const sorted = [...trace].sort((a, b) => a[key] - b[key]);
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1]!, sorted[i]!];
    if (a[key] <= at && at <= b[key]) {
      const f = b[key] === a[key] ? 0 : (at - a[key]) / (b[key] - a[key]);
      return a[out] + f * (b[out] - a[out]);
    }
  }
  return NaN;
}

export function ceilingMeasuresOf(observation: PalmObservation): Values {
  const { landmarks: image, worldLandmarks: world, lines } = observation;
  const palm3 = distance3(world[WRIST]!, world[MIDDLE[0]]!);
  const palm2 = distance2(image[WRIST]!, image[MIDDLE[0]]!);
  const bone3 = (chain: readonly number[]) => chainLength(world, chain, distance3);
  const bone2 = (chain: readonly number[]) => chainLength(image, chain, distance2);
  const toPalm = knuckleFrame(image);
  const clear = (name: LineName) =>
    lines[name].seen && lines[name].confidence >= LINE_CONFIDENCE && lines[name].length !== undefined;
  const traceOf = (name: LineName) => (clear(name) ? (lines[name].trace ?? []).map(toPalm) : []);
  const [heart, head, life] = [traceOf('heart'), traceOf('head'), traceOf('life')];
  const facts = lineFeatureFacts(observation);
  const ifClear = (value: number, ...names: LineName[]) => (names.every(clear) ? value : NaN);
  const headStart = head.length ? head.reduce((a, p) => (p.across < a.across ? p : a)) : undefined;
  const [thumbBase, thumbKnuckle] = [toPalm(image[THUMB[0]]!), toPalm(image[THUMB[1]]!)];
  return {
    ...measuresOf(observation),
    palm3d: palm3 / distance3(world[INDEX[0]]!, world[LITTLE[0]]!),
    index3d: bone3(INDEX) / palm3,
    middle3d: bone3(MIDDLE) / palm3,
    ring3d: bone3(RING) / palm3,
    little3d: bone3(LITTLE) / palm3,
    thumb3d: bone3(THUMB) / palm3,
    littleToRing3d: bone3(LITTLE) / bone3(RING),
    middleToRing3d: bone3(MIDDLE) / bone3(RING),
    index2d: bone2(INDEX) / palm2,
    ring2d: bone2(RING) / palm2,
    little2d: bone2(LITTLE) / palm2,
    middleKnuckleAcross: toPalm(image[MIDDLE[0]]!).across,
    ringKnuckleAcross: toPalm(image[RING[0]]!).across,
    thumbBaseAcross: thumbBase.across,
    thumbBaseDown: thumbBase.down,
    thumbKnuckleAcross: thumbKnuckle.across,
    thumbKnuckleDown: thumbKnuckle.down,
    heartReach: ifClear(facts.heartReach, 'heart'),
    headToLife: ifClear(facts.headToLife, 'head', 'life'),
    headSlope: ifClear(facts.headSlope, 'head'),
    lifeReach: ifClear(facts.lifeReach, 'life'),
    fateFrom: ifClear(facts.fateFrom, 'fate'),
    heartDownAtMiddle: traceAt(heart, 'across', 0.5, 'down'),
    headDownAt40: traceAt(head, 'across', 0.4, 'down'),
    headDownAt60: traceAt(head, 'across', 0.6, 'down'),
    lifeAcrossAt30: traceAt(life, 'down', 0.3, 'across'),
    lifeAcrossAt50: traceAt(life, 'down', 0.5, 'across'),
    lifeTop: life.length ? Math.min(...life.map((p) => p.down)) : NaN,
    headStartAcross: headStart?.across ?? NaN,
    headStartDown: headStart?.down ?? NaN,
    creaseValleyShare: observation.creaseDensity.valleyShare,
  };
}

export interface MeasuredPhoto {
  hand: string;
  side: string | undefined;
  values: Values;
}

/**
 * One measure's spread over photos grouped by hand: root-mean-square spread within a hand (the
 * noise width), standard deviation of the hands' means, and the share of the variance that lies
 * between hands (1 − within² / total²). Photos where the measure is NaN are left out.
 */
export function measureSpread(photos: readonly MeasuredPhoto[], measure: CeilingMeasure) {
  const byHand = new Map<string, number[]>();
  for (const p of photos) {
    const v = p.values[measure];
    if (Number.isFinite(v)) byHand.set(p.hand, [...(byHand.get(p.hand) ?? []), v]);
  }
  const all = [...byHand.values()].flat();
  let squares = 0;
  let freedom = 0;
  for (const values of byHand.values()) {
    const m = mean(values);
    squares += values.reduce((sum, v) => sum + (v - m) ** 2, 0);
    freedom += values.length - 1;
  }
  const within = Math.sqrt(squares / (freedom || 1));
  const total = Math.sqrt(all.reduce((sum, v) => sum + (v - mean(all)) ** 2, 0) / (all.length - 1 || 1));
  const means = [...byHand.values()].map(mean);
  const between = Math.sqrt(
    means.reduce((sum, v) => sum + (v - mean(means)) ** 2, 0) / (means.length - 1 || 1),
  );
  return { photos: all.length, within, between, share: 1 - within ** 2 / total ** 2 };
}

/** Each photo's squared distance from the mean of its hand's other photos (NaN where it has none). */
function strays(photos: readonly MeasuredPhoto[], measure: CeilingMeasure): number[] {
  return photos.map((photo) => {
    const own = photo.values[measure];
    const others = photos
      .filter((o) => o !== photo && o.hand === photo.hand)
      .map((o) => o.values[measure])
      .filter(Number.isFinite);
    return Number.isFinite(own) && others.length > 0 ? (own - mean(others)) ** 2 : NaN;
  });
}

/** How much further the flagged photos stray than the rest: the ratio of their root mean squares. */
function strayRatio(squares: readonly number[], flagged: readonly boolean[]): number {
  const picked = (want: boolean) =>
    squares.filter((square, i) => flagged[i] === want && Number.isFinite(square));
  const [apart, rest] = [picked(true), picked(false)];
  return apart.length === 0 || rest.length === 0 ? 1 : Math.sqrt(mean(apart) / mean(rest));
}

/** Random relabellings a stray factor is tested against, and how rarely chance may reach it. */
const RELABELLINGS = 400;
const CHANCE_LEVEL = 0.05;
const RELABELLING_SEED = 0x2f6b;

/**
 * How much further the photos `apart` picks stray from their hand than the others do (the root mean
 * square of each photo's distance from the mean of its hand's other photos, over those photos, against
 * the same over the rest), or 1 where that is no more than chance gives: where as many photos picked at
 * random stray as much in more than one relabelling in twenty (a fixed seed, so the bench records the
 * same table each run). Photos alone of their hand, or without the measure, are left out.
 */
export function strayFactor<P extends MeasuredPhoto>(
  photos: readonly P[],
  measure: CeilingMeasure,
  apart: (photo: P) => boolean,
): number {
  const squares = strays(photos, measure);
  const flagged = photos.map(apart);
  const factor = strayRatio(squares, flagged);
  const random = seededRandom(RELABELLING_SEED);
  let asFar = 0;
  for (let round = 0; round < RELABELLINGS; round++)
    if (strayRatio(squares, shuffled(flagged, random)) >= factor) asFar++;
  return factor > 1 && asFar / RELABELLINGS < CHANCE_LEVEL ? factor : 1;
}

/**
 * Rank-1 over photos with at least one other photo of their hand: the share whose nearest other
 * photo of the same side (by `distance`) is of their hand.
 */
function rankOneBy(
  photos: readonly MeasuredPhoto[],
  distance: (a: MeasuredPhoto, b: MeasuredPhoto) => number,
): number {
  let hits = 0;
  let counted = 0;
  for (const photo of photos) {
    const others = photos.filter((o) => o !== photo && o.side === photo.side);
    if (!others.some((o) => o.hand === photo.hand)) continue;
    counted++;
    let nearest = others[0]!;
    let best = Infinity;
    for (const other of others) {
      const d = distance(photo, other);
      if (d < best) [best, nearest] = [d, other];
    }
    if (nearest.hand === photo.hand) hits++;
  }
  return hits / (counted || 1);
}

/**
 * Rank-1 by the nearest photo in noise widths (each measure's within-hand spread). A measure one
 * of the two photos lacks (a line not seen) counts as two squared widths, what a re-take of one
 * hand differs by on average, so a missing line neither brings two photos together nor apart.
 */
export function noiseWidthRankOne(photos: readonly MeasuredPhoto[], measures: readonly CeilingMeasure[]) {
  const noise = new Map(measures.map((m) => [m, measureSpread(photos, m).within]));
  return rankOneBy(photos, (a, b) =>
    measures.reduce((sum, m) => {
      const d = (a.values[m] - b.values[m]) / noise.get(m)!;
      return sum + (Number.isFinite(d) ? d * d : 2);
    }, 0),
  );
}

/** Share of each off-diagonal covariance kept: with 87 degrees of freedom, the full estimate overfits. */
const SHRINK = 0.7;

/** Pooled within-hand covariance of `measures`, off-diagonal terms shrunk toward zero. */
function withinCovariance(photos: readonly MeasuredPhoto[], measures: readonly CeilingMeasure[]): number[][] {
  const k = measures.length;
  const sums = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  let freedom = 0;
  for (const hand of new Set(photos.map((p) => p.hand))) {
    const rows = photos.filter((p) => p.hand === hand).map((p) => measures.map((m) => p.values[m]));
    if (rows.length < 2) continue;
    const centre = measures.map((_, i) => mean(rows.map((r) => r[i]!)));
    for (const r of rows)
      for (let i = 0; i < k; i++)
        for (let j = 0; j < k; j++) sums[i]![j]! += (r[i]! - centre[i]!) * (r[j]! - centre[j]!);
    freedom += rows.length - 1;
  }
  return sums.map((row, i) => row.map((s, j) => (s / freedom) * (i === j ? 1 : SHRINK)));
}

/** Lower-triangular L with L Lᵀ = a (a symmetric positive definite). */
function cholesky(a: readonly number[][]): number[][] {
  const n = a.length;
  const l = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let s = a[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      l[i]![j] = i === j ? Math.sqrt(s) : s / l[j]![j]!;
    }
  return l;
}

/** L⁻¹ x: a vector in units of the within-hand spread, its noise uncorrelated and of unit width. */
function whiten(l: readonly number[][], x: readonly number[]): number[] {
  const z = [...x];
  for (let i = 0; i < z.length; i++) {
    for (let k = 0; k < i; k++) z[i]! -= l[i]![k]! * z[k]!;
    z[i]! /= l[i]![i]!;
  }
  return z;
}

/**
 * Rank-1 by the nearest photo after whitening with the pooled within-hand covariance (Mahalanobis
 * distance): measures that move together with the pose (all finger lengths over the palm when the
 * hand tilts) count once. The covariance is estimated without the photo's own hand, so a hand's
 * own re-takes never shape the distance it is matched by. Only measures every photo has.
 */
export function whitenedRankOne(photos: readonly MeasuredPhoto[], measures: readonly CeilingMeasure[]) {
  const whitened = new Map<string, Map<MeasuredPhoto, number[]>>();
  for (const hand of new Set(photos.map((p) => p.hand))) {
    const l = cholesky(
      withinCovariance(
        photos.filter((p) => p.hand !== hand),
        measures,
      ),
    );
    whitened.set(
      hand,
      new Map(
        photos.map((p) => [
          p,
          whiten(
            l,
            measures.map((m) => p.values[m]),
          ),
        ]),
      ),
    );
  }
  return rankOneBy(photos, (a, b) => {
    const space = whitened.get(a.hand)!;
    const [za, zb] = [space.get(a)!, space.get(b)!];
    return za.reduce((sum, v, i) => sum + (v - zb[i]!) ** 2, 0);
  });
}

/** Eigenvalues and eigenvectors (columns) of a symmetric matrix, by Jacobi rotations. */
function symmetricEigen(matrix: readonly number[][]): { values: number[]; vectors: number[][] } {
  const n = matrix.length;
  const a = matrix.map((row) => [...row]);
  const v = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (__, j): number => (i === j ? 1 : 0)),
  );
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p]![q]! ** 2;
    if (off < 1e-20) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(a[p]![q]!) < 1e-15) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * a[p]![q]!);
        const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        const rotate = (x: number, y: number) => [c * x - s * y, s * x + c * y] as const;
        for (let k = 0; k < n; k++) [a[k]![p], a[k]![q]] = rotate(a[k]![p]!, a[k]![q]!);
        for (let k = 0; k < n; k++) [a[p]![k], a[q]![k]] = rotate(a[p]![k]!, a[q]![k]!);
        for (let k = 0; k < n; k++) [v[k]![p], v[k]![q]] = rotate(v[k]![p]!, v[k]![q]!);
      }
  }
  return { values: a.map((row, i) => row[i]!), vectors: v };
}

/**
 * The best a class-valued profile could do with these measures, cut without looking at the retest
 * hands: the measures are whitened by the within-hand covariance (so one unit is one noise width on
 * every axis), turned onto the directions along which the population (strangers: palm/ and lines/)
 * varies most, and each of the first `axes` directions is cut into `classes` classes at the
 * population's quantiles, a value within one noise width of a cut-off stating none — the profile's
 * own rules (PROFILE_BAND_WIDTHS = 1, cut-offs at population quantiles), on the most telling
 * combinations of the measures instead of one measure each. Two profiles are compared as
 * `profileSimilarity` weighs a three-class trait a re-take keeps 95 % of the time (agreeing
 * +1.5 bits, contradicting −3.7): +1 per class agreed, −2.5 per class contradicted, ties drawn fairly.
 */
export function classValuedBound(
  photos: readonly MeasuredPhoto[],
  population: readonly Values[],
  axes: number,
  classes: number,
) {
  const measures = ALWAYS_MEASURED;
  const l = cholesky(withinCovariance(photos, measures));
  const strangers = population.map((values) =>
    whiten(
      l,
      measures.map((m) => values[m]),
    ),
  );
  const centre = measures.map((_, i) => mean(strangers.map((z) => z[i]!)));
  const covariance = measures.map((_, i) =>
    measures.map(
      (__, j) =>
        strangers.reduce((sum, z) => sum + (z[i]! - centre[i]!) * (z[j]! - centre[j]!), 0) /
        (strangers.length - 1),
    ),
  );
  const { values, vectors } = symmetricEigen(covariance);
  const directions = values
    .map((value, i) => ({ value, i }))
    .sort((a, b) => b.value - a.value)
    .slice(0, axes)
    .map(({ i }) => vectors.map((row) => row[i]!));
  const project = (z: readonly number[]) =>
    directions.map((d) => d.reduce((sum, w, k) => sum + w * z[k]!, 0));
  const cutOffs = directions.map((_, axis) => {
    const sorted = strangers.map((z) => project(z)[axis]!).sort((a, b) => a - b);
    return Array.from(
      { length: classes - 1 },
      (__, c) => sorted[Math.floor(((c + 1) / classes) * sorted.length)]!,
    );
  });
  const profiles = photos.map((photo) =>
    project(
      whiten(
        l,
        measures.map((m) => photo.values[m]),
      ),
    ).map((x, axis) =>
      cutOffs[axis]!.some((cut) => Math.abs(x - cut) < 1)
        ? null
        : cutOffs[axis]!.filter((cut) => x >= cut).length,
    ),
  );
  const compare = (a: (number | null)[], b: (number | null)[]) => {
    let agreed = 0;
    let contradicted = 0;
    a.forEach((x, k) => {
      if (x === null || b[k] === null) return;
      if (x === b[k]) agreed++;
      else contradicted++;
    });
    return { agreed, contradicted };
  };
  const same: number[] = [];
  const different: number[] = [];
  let credit = 0;
  let counted = 0;
  photos.forEach((photo, i) => {
    photos.forEach((other, j) => {
      if (j > i)
        (other.hand === photo.hand ? same : different).push(compare(profiles[i]!, profiles[j]!).contradicted);
    });
    const others = photos.map((_, j) => j).filter((j) => j !== i && photos[j]!.side === photo.side);
    if (!others.some((j) => photos[j]!.hand === photo.hand)) return;
    const score = others.map((j) => {
      const { agreed, contradicted } = compare(profiles[i]!, profiles[j]!);
      return agreed - 2.5 * contradicted;
    });
    const best = Math.max(...score);
    const tied = others.filter((_, k) => score[k] === best);
    credit += tied.filter((j) => photos[j]!.hand === photo.hand).length / tied.length;
    counted++;
  });
  const stated = profiles.map((p) => p.filter((x) => x !== null).length).sort((a, b) => a - b);
  return {
    rankOne: credit / (counted || 1),
    contradictionsPerPair: mean(same),
    contradictionFree: same.filter((n) => n === 0).length / (same.length || 1),
    medianStated: stated[Math.floor(stated.length / 2)]!,
    strangersDiffer: [...different].sort((a, b) => a - b)[Math.floor(different.length / 2)]!,
  };
}
