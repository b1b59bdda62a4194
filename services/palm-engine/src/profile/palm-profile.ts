import { HAND_SHAPE_TRAITS, PROFILE_TRAIT_IDS, type PalmProfile, type ProfileTraitId } from '@palm/contracts';
import { LANDMARK_COUNT, steepestFingerLiftDegrees, type WorldPoint } from '@palm/hand-pose';
import { FINGER_SPACING, LONG_FINGER_RATIO, LONG_PALM_RATIO } from '../observer/hand-geometry';
import type { LineName, LineObservation, PalmObservation } from '../palm-observation';
import { lineFeatures } from './line-features';
import { measuresOf, PROFILE_MEASURES, type ProfileMeasure } from './profile-measures';
import { TRAIT_RELIABILITY } from './trait-reliability.recorded';
import type { TraitReliabilityTable } from './trait-reliability';

/**
 * Where the measured proportions are cut into classes. Each pair sits at the tertiles of the real
 * hands measured by the observer (`npm run bench:traits`: the read photos of ../shared/palms/lines
 * and /palm and the mean of each retest hand), so that each class holds about a third of real hands.
 * Index over ring and the little finger's reach are 3-D measures (observer/hand-geometry.ts); the
 * ring finger reads much longer below the 3-D value that 11 % of those hands fall under, as 0.92
 * did in 2-D. Calibrate here, never inside a rule.
 */
export const TRAIT_CUTOFFS = {
  palmRatio: { squareBelow: 1.63, oblongFrom: 1.74 },
  middleToPalm: { shortBelow: 0.855, longFrom: 0.925 },
  indexToRing: { ringMuchLongerBelow: 0.947, ringLongerBelow: 0.973, indexLongerFrom: 1.001 },
  littleToRingTopJoint: { shortBelow: 0.857, longFrom: 0.902 },
  middleToIndexAndRing: { shortBelow: 1.08, longFrom: 1.105 },
  thumbToPalm: { shortBelow: 0.945, longFrom: 0.99 },
  thumbAngle: { narrowBelow: 10, wideFrom: 17 },
} as const;

/**
 * A value closer than this many noise widths (the measured within-hand spread) to a cut-off could
 * land on the other side in a re-take, so it states no class at all: two readings of one hand then
 * state different classes only when the measure moved by twice this many widths.
 */
export const PROFILE_BAND_WIDTHS = 1;

/**
 * A trait whose class survived fewer re-takes than this (retest pairs and view changes pooled) is
 * never stated. At 0.8 (the lower of the two shares) the traits stated in both readings of a retest
 * pair flipped 0.43 times a pair, over half of it line depths (83–91 %) and lengths; at 0.9 each
 * stated trait flips in at most one pair in ten where both state it, so the contradictions stay
 * within the retest target (≤ 0.3 a pair).
 */
export const MIN_RELIABILITY = 0.9;

/** Fewer re-takes than this in all (retest pairs and view changes) show nothing about a trait's survival. */
export const MIN_SURVIVAL_PAIRS = 5;

/** Lines and crease density are stated only from this observer confidence up, as their rules need. */
export const LINE_CONFIDENCE = 0.5;
const CREASE_CONFIDENCE = 0.5;

type Band = 'low' | 'mid' | 'high';

/** 'low', 'mid' or 'high' only beyond the noise band of every cut-off; within one, null. */
export function band(value: number, noise: number, lowBelow: number, highFrom: number): Band | null {
  const margin = PROFILE_BAND_WIDTHS * noise;
  if (Math.abs(value - lowBelow) < margin || Math.abs(value - highFrom) < margin) return null;
  if (value < lowBelow) return 'low';
  return value >= highFrom ? 'high' : 'mid';
}

/**
 * How surely the profile's element holds, for the element rules to weigh their findings by: none
 * where the profile states no element, else 0.5 where stating starts (a band width past both
 * cut-offs) rising 0.1 a further width to 0.9. Graded against the same measured noise as the
 * profile, so the rules read the element wherever the profile, and the report's "at a glance"
 * panel with it, names one.
 */
export function elementConfidence(profile: PalmProfile, observation: PalmObservation): number {
  if (profile.handType === null) return 0;
  const m = measuresOf(observation);
  const noise = noiseAt(observation);
  const widths = Math.min(
    Math.abs(m.palmRatio - LONG_PALM_RATIO) / noise.palmRatio,
    Math.abs(m.middleToPalm - LONG_FINGER_RATIO) / noise.middleToPalm,
  );
  return Math.min(0.9, 0.5 + 0.1 * Math.max(0, widths - PROFILE_BAND_WIDTHS));
}

/** The element by whether the palm and the fingers are long: the tradition's four hands. */
const ELEMENT_OF: Record<`${boolean}:${boolean}`, NonNullable<PalmProfile['handType']>> = {
  'true:true': 'water',
  'true:false': 'fire',
  'false:true': 'air',
  'false:false': 'earth',
};

const pick = <C>(b: Band | null, [low, mid, high]: readonly [C, C, C]): C | null =>
  b === null ? null : b === 'low' ? low : b === 'mid' ? mid : high;

/**
 * The traits read from one proportion: the measure, its two cut-offs (the low class below the
 * first, the high class from the second) and the classes from low to high. The profile states them
 * from here, and the narrator says from here how far past its cut-off a hand lies.
 */
export const PROPORTION_TRAITS = {
  palmShape: {
    measure: 'palmRatio',
    cutoffs: [TRAIT_CUTOFFS.palmRatio.squareBelow, TRAIT_CUTOFFS.palmRatio.oblongFrom],
    classes: ['square', 'balanced', 'oblong'],
  },
  fingerLength: {
    measure: 'middleToPalm',
    cutoffs: [TRAIT_CUTOFFS.middleToPalm.shortBelow, TRAIT_CUTOFFS.middleToPalm.longFrom],
    classes: ['short', 'medium', 'long'],
  },
  indexVsRing: {
    measure: 'indexToRing',
    cutoffs: [TRAIT_CUTOFFS.indexToRing.ringLongerBelow, TRAIT_CUTOFFS.indexToRing.indexLongerFrom],
    classes: ['ring-longer', 'even', 'index-longer'],
  },
  littleFinger: {
    measure: 'littleToRingTopJoint',
    cutoffs: [TRAIT_CUTOFFS.littleToRingTopJoint.shortBelow, TRAIT_CUTOFFS.littleToRingTopJoint.longFrom],
    classes: ['short', 'reaching', 'long'],
  },
  middleFinger: {
    measure: 'middleToIndexAndRing',
    cutoffs: [TRAIT_CUTOFFS.middleToIndexAndRing.shortBelow, TRAIT_CUTOFFS.middleToIndexAndRing.longFrom],
    classes: ['short', 'balanced', 'long'],
  },
  thumbLength: {
    measure: 'thumbToPalm',
    cutoffs: [TRAIT_CUTOFFS.thumbToPalm.shortBelow, TRAIT_CUTOFFS.thumbToPalm.longFrom],
    classes: ['short', 'medium', 'long'],
  },
  thumbAngle: {
    measure: 'thumbAngle',
    cutoffs: [TRAIT_CUTOFFS.thumbAngle.narrowBelow, TRAIT_CUTOFFS.thumbAngle.wideFrom],
    classes: ['narrow', 'medium', 'wide'],
  },
  fingerSpacing: {
    measure: 'fingerSpreadDegrees',
    cutoffs: [FINGER_SPACING.closeBelow, FINGER_SPACING.wideAbove],
    classes: ['close', 'average', 'wide'],
  },
} as const satisfies Partial<
  Record<
    ProfileTraitId,
    {
      measure: ProfileMeasure;
      cutoffs: readonly [number, number];
      classes: readonly [string, string, string];
    }
  >
>;
export type ProportionTrait = keyof typeof PROPORTION_TRAITS;

type LineAttribute = 'Length' | 'Curve' | 'Depth' | 'Breaks';

function lineClass(line: LineObservation, attribute: LineAttribute): string | undefined {
  switch (attribute) {
    case 'Length':
      // A trace proves a line runs at least so far: a short one may be a long crease seen in part.
      return line.length === 'long' ? 'long' : undefined;
    case 'Curve':
      return line.curvature;
    case 'Depth':
      return line.depth;
    case 'Breaks':
      return line.breaks === undefined ? undefined : line.breaks === 0 ? 'unbroken' : 'broken';
  }
}

const LINE_ATTRIBUTES: readonly LineAttribute[] = ['Length', 'Curve', 'Depth', 'Breaks'];

/**
 * A fate or sun line seen only faintly (no length class) is missed on the next photo of the hand,
 * so it is not stated at all; a faint heart, head or life line still reads as a fine line.
 */
const STATED_ONLY_CLEAR: readonly LineName[] = ['fate', 'sun'];

const seenSurely = (line: LineObservation) => line.seen && line.confidence >= LINE_CONFIDENCE;

/** The line traits the contract holds: heartLine, heartLineLength, …, marriageLineDepth. */
function lineTraits(observation: PalmObservation): Partial<PalmProfile> {
  const out: Record<string, string | null> = {};
  for (const [name, line] of Object.entries(observation.lines) as [LineName, LineObservation][]) {
    const seen = seenSurely(line) && (line.length !== undefined || !STATED_ONLY_CLEAR.includes(name));
    const presence = `${name}Line`;
    if (PROFILE_TRAIT_IDS.includes(presence as ProfileTraitId)) out[presence] = seen ? 'seen' : null;
    for (const attribute of LINE_ATTRIBUTES) {
      const id = `${presence}${attribute}`;
      if (PROFILE_TRAIT_IDS.includes(id as ProfileTraitId))
        out[id] = seen ? (lineClass(line, attribute) ?? null) : null;
    }
  }
  return out;
}

/**
 * Each landmark set's steepest finger lift, worked out once: a reading asks for its photo's noise some
 * hundred times (each graded word, each band), and the profiled copies of an observation share its landmarks.
 */
const LIFTS = new WeakMap<readonly WorldPoint[], number>();
function liftOf(world: readonly WorldPoint[]): number {
  const known = LIFTS.get(world);
  if (known !== undefined) return known;
  const lift = steepestFingerLiftDegrees(world);
  LIFTS.set(world, lift);
  return lift;
}

/**
 * How much of the lifted-finger noise this photo is judged by: none where its fingers lie within
 * `fromDegrees` of the palm's plane (or its 3-D landmarks are missing), all of it from `toDegrees`.
 */
export function liftedNoiseShare(
  observation: PalmObservation,
  table: NoiseTable = TRAIT_RELIABILITY,
): number {
  const { worldLandmarks } = observation;
  if (worldLandmarks.length !== LANDMARK_COUNT) return 0;
  const { fromDegrees, toDegrees } = table.liftedNoise;
  return Math.min(1, Math.max(0, (liftOf(worldLandmarks) - fromDegrees) / (toDegrees - fromDegrees)));
}

/** The parts of the reliability table a photo's noise is read from (`noiseAt`). */
export type NoiseTable = Pick<TraitReliabilityTable, 'noise' | 'liftedNoise'>;

/**
 * The noise widths this photo's measures are judged by: wider where its fingers lift toward the
 * camera (`liftedNoise`), since such a photo strays further from the hand's other photos (phone
 * photos mostly lift them more than the retest set's flat hands do), and unbounded for the fingers'
 * lengths where they run off the photo, so no class is stated from them.
 */
export function noiseAt(
  observation: PalmObservation,
  table: NoiseTable = TRAIT_RELIABILITY,
): Record<ProfileMeasure, number> {
  const share = liftedNoiseShare(observation, table);
  if (share === 0 && !observation.fingersCutOff) return table.noise;
  const { noise: lifted } = table.liftedNoise;
  const noise = Object.fromEntries(
    PROFILE_MEASURES.map((measure) => [
      measure,
      table.noise[measure] + share * Math.max(0, lifted[measure] - table.noise[measure]),
    ]),
  ) as Record<ProfileMeasure, number>;
  // Fingers that run off the photo are placed by the network, not seen: their measures could be anything.
  if (observation.fingersCutOff) for (const measure of FINGER_MEASURES) noise[measure] = Infinity;
  return noise;
}

/** The measures taken from the long fingers' joints beyond their knuckles. */
const FINGER_MEASURES: readonly ProfileMeasure[] = [
  'middleToPalm',
  'indexToRing',
  'littleToRingTopJoint',
  'middleToIndexAndRing',
  'fingerSpreadDegrees',
];

/** The proportions read from those measures: what a photo that ends across the fingers cannot settle. */
export const FINGER_TRAITS: ReadonlySet<ProfileTraitId> = new Set(
  (Object.keys(PROPORTION_TRAITS) as ProportionTrait[]).filter((trait) =>
    FINGER_MEASURES.includes(PROPORTION_TRAITS[trait].measure),
  ),
);

/**
 * Every trait's class as this photo measures it, with the noise bands but before the reliability
 * gate: what `bench:reliability` measures the re-take survival of.
 */
export function measuredProfile(
  observation: PalmObservation,
  table: NoiseTable = TRAIT_RELIABILITY,
): PalmProfile {
  const noise = noiseAt(observation, table);
  const m = measuresOf(observation);
  const longPalm = band(m.palmRatio, noise.palmRatio, LONG_PALM_RATIO, LONG_PALM_RATIO);
  const longFingers = band(m.middleToPalm, noise.middleToPalm, LONG_FINGER_RATIO, LONG_FINGER_RATIO);
  const handType =
    longPalm === null || longFingers === null
      ? null
      : ELEMENT_OF[`${longPalm === 'high'}:${longFingers === 'high'}`];
  const { creaseDensity } = observation;
  const proportion = <T extends ProportionTrait>(
    trait: T,
  ): (typeof PROPORTION_TRAITS)[T]['classes'][number] | null => {
    const { measure, cutoffs, classes } = PROPORTION_TRAITS[trait];
    return pick(band(m[measure], noise[measure], cutoffs[0], cutoffs[1]), classes);
  };
  const profile: PalmProfile = {
    handSide: observation.side,
    handType,
    palmShape: proportion('palmShape'),
    fingerLength: proportion('fingerLength'),
    indexVsRing: proportion('indexVsRing'),
    littleFinger: proportion('littleFinger'),
    middleFinger: proportion('middleFinger'),
    thumbLength: proportion('thumbLength'),
    thumbAngle: proportion('thumbAngle'),
    fingerSpacing: proportion('fingerSpacing'),
    creaseDensity: creaseDensity.confidence >= CREASE_CONFIDENCE ? creaseDensity.level : null,
    heartLine: null,
    heartLineLength: null,
    heartLineCurve: null,
    heartLineDepth: null,
    heartLineBreaks: null,
    headLine: null,
    headLineLength: null,
    headLineCurve: null,
    headLineDepth: null,
    headLineBreaks: null,
    lifeLine: null,
    lifeLineLength: null,
    lifeLineCurve: null,
    lifeLineDepth: null,
    lifeLineBreaks: null,
    fateLine: null,
    fateLineLength: null,
    fateLineDepth: null,
    fateLineBreaks: null,
    sunLine: null,
    sunLineLength: null,
    sunLineDepth: null,
    marriageLine: null,
    marriageLineDepth: null,
    ...lineFeatures(observation, seenSurely),
  };
  return { ...profile, ...lineTraits(observation) };
}

/** Whether a reading states this trait where a photo determines it: a trait of the hand that re-takes keep. */
export function statesTrait(trait: ProfileTraitId, table: TraitReliabilityTable): boolean {
  const reliability = reliabilityOf(trait, table);
  return !table.poseTraits.includes(trait) && reliability !== undefined && reliability >= MIN_RELIABILITY;
}

/**
 * The share of re-takes a trait's class survived, retest pairs and view changes pooled: each pair
 * counts once, so a share measured on a handful of retest pairs (the middle finger's 8 of 10) does
 * not outweigh the rest. Undefined where fewer than MIN_SURVIVAL_PAIRS were seen.
 */
export function reliabilityOf(trait: ProfileTraitId, table: TraitReliabilityTable): number | undefined {
  const figures = table.traits[trait];
  if (!figures) return undefined;
  const pairs = figures.retest.pairs + figures.views.pairs;
  return pairs < MIN_SURVIVAL_PAIRS ? undefined : (figures.retest.agreed + figures.views.agreed) / pairs;
}

/**
 * The palm profile of one reading: every trait's class where this photo determines it and a
 * re-take would agree, null elsewhere. A trait without a recorded reliability was never seen to
 * survive a re-take, so it is not stated either, nor is one that reads the pose (`poseTraits`). Everything
 * a reading claims derives from this.
 */
export function palmProfileOf(
  observation: PalmObservation,
  table: TraitReliabilityTable = TRAIT_RELIABILITY,
): PalmProfile {
  const measured = measuredProfile(observation, table);
  const gated = Object.fromEntries(
    PROFILE_TRAIT_IDS.map((trait) => [trait, statesTrait(trait, table) ? measured[trait] : null]),
  );
  return gated as PalmProfile;
}

/** The hand's shape and the lines that are read as there or not: what a reading can rest on. */
const SHOWN_FEATURES = [
  ...HAND_SHAPE_TRAITS,
  'heartLine',
  'headLine',
  'lifeLine',
  'fateLine',
  'sunLine',
] as const satisfies readonly ProfileTraitId[];

/**
 * A profile stating fewer of these is refused (`too_little_seen`): a reading resting on a single line
 * or a single proportion is mostly what the photo left open (2 of 273 phone photos in
 * ../shared/palms/lines, none of the retest or sample palms, which show three or more).
 */
const MIN_FEATURES_SHOWN = 2;

/** How many of the hand's shape traits and lines this profile states. */
export const featuresShown = (profile: PalmProfile): number =>
  SHOWN_FEATURES.filter((trait) => profile[trait] !== null).length;

/** Whether the engine reads a palm with this profile rather than refusing it as `too_little_seen`. */
export const showsEnoughToRead = (profile: PalmProfile): boolean =>
  featuresShown(profile) >= MIN_FEATURES_SHOWN;

/**
 * The profiles a re-take of this hand could state where this photo states less: each sets one
 * proportion (or the element) that this photo leaves null, lying within a noise band of a cut-off,
 * to a class either side of that cut-off. A line this photo did not see could show in a re-take
 * too, but nothing here says how it would read, so lines are left as they are.
 */
export function retakeProfiles(
  observation: PalmObservation,
  profile: PalmProfile,
  table: TraitReliabilityTable = TRAIT_RELIABILITY,
): PalmProfile[] {
  const noise = noiseAt(observation, table);
  const m = measuresOf(observation);
  // Within the band of this one cut-off: where `band` states no class either side of it.
  const near = (measure: ProfileMeasure, cutoff: number) =>
    band(m[measure], noise[measure], cutoff, cutoff) === null;
  const open = (trait: ProfileTraitId) => profile[trait] === null && statesTrait(trait, table);
  const profiles: PalmProfile[] = [];
  for (const [trait, { measure, cutoffs, classes }] of Object.entries(PROPORTION_TRAITS) as [
    ProportionTrait,
    (typeof PROPORTION_TRAITS)[ProportionTrait],
  ][]) {
    if (!open(trait)) continue;
    cutoffs.forEach((cutoff, at) => {
      if (near(measure, cutoff))
        for (const value of [classes[at], classes[at + 1]]) profiles.push({ ...profile, [trait]: value });
    });
  }
  if (open('handType')) {
    const sides = (measure: ProfileMeasure, cutoff: number) =>
      near(measure, cutoff) ? [false, true] : [m[measure] >= cutoff];
    for (const longPalm of sides('palmRatio', LONG_PALM_RATIO))
      for (const longFingers of sides('middleToPalm', LONG_FINGER_RATIO))
        profiles.push({ ...profile, handType: ELEMENT_OF[`${longPalm}:${longFingers}`] });
  }
  return profiles;
}
