import type { PalmProfile, ProfileTraitId } from './reading-vocabulary';

/** Each profile trait's name in the report's words. */
export const PROFILE_TRAIT_NAMES: Record<ProfileTraitId, string> = {
  handSide: 'Hand',
  handType: 'Hand type',
  palmShape: 'Palm shape',
  fingerLength: 'Fingers',
  indexVsRing: 'Index vs ring finger',
  littleFinger: 'Little finger',
  middleFinger: 'Middle finger',
  thumbLength: 'Thumb length',
  thumbAngle: 'Thumb opening',
  fingerSpacing: 'Finger spacing',
  creaseDensity: 'Fine creases',
  heartLine: 'Heart line',
  heartLineLength: 'Heart line length',
  heartLineCurve: 'Heart line curve',
  heartLineDepth: 'Heart line depth',
  heartLineBreaks: 'Heart line breaks',
  headLine: 'Head line',
  headLineLength: 'Head line length',
  headLineCurve: 'Head line curve',
  headLineDepth: 'Head line depth',
  headLineBreaks: 'Head line breaks',
  lifeLine: 'Life line',
  lifeLineLength: 'Life line length',
  lifeLineCurve: 'Life line curve',
  lifeLineDepth: 'Life line depth',
  lifeLineBreaks: 'Life line breaks',
  fateLine: 'Fate line',
  fateLineLength: 'Fate line length',
  fateLineDepth: 'Fate line depth',
  fateLineBreaks: 'Fate line breaks',
  sunLine: 'Sun line',
  sunLineLength: 'Sun line length',
  sunLineDepth: 'Sun line depth',
  marriageLine: 'Marriage line',
  marriageLineDepth: 'Marriage line depth',
  heartLineEnd: 'Heart line ends',
  headLineStart: 'Head line starts',
  headLineEnd: 'Head line ends',
  lifeLineArc: 'Life line arc',
  fateLineStart: 'Fate line starts',
};

/** Class ids whose plain words are not the id with its hyphens as spaces. */
const CLASS_WORDS: Record<string, string> = {
  'ring-longer': 'ring finger longer',
  'index-longer': 'index finger longer',
  even: 'level',
  reaching: 'reaches the ring finger’s top joint',
  gentle: 'gentle curve',
  'under-jupiter': 'under the index finger (Jupiter)',
  'under-saturn': 'under the middle finger (Saturn)',
  'between-jupiter-and-saturn': 'between Jupiter and Saturn',
  'joined-to-life': 'joined to the life line',
  'apart-from-life': 'apart from the life line',
  'toward-moon': 'sloping toward the Moon mount',
  'life-line': 'on the life line',
  'moon-mount': 'on the Moon mount',
  wrist: 'at the wrist',
};

/**
 * "Your palm at a glance": every trait the profile states, as [name, class] in plain words, in the
 * contract's order; traits it leaves null are left out. The web report and the PDF both use it.
 */
export function profileAtAGlance(
  profile: PalmProfile,
): { trait: ProfileTraitId; name: string; value: string }[] {
  return (Object.keys(PROFILE_TRAIT_NAMES) as ProfileTraitId[]).flatMap((trait) => {
    const value = profile[trait];
    if (value === null || value === undefined) return [];
    const words = CLASS_WORDS[value] ?? value.replace(/-/g, ' ');
    return [{ trait, name: PROFILE_TRAIT_NAMES[trait], value: words }];
  });
}

/**
 * The hand's shape, which every photo of an open palm shows: a profile that leaves one of these null
 * had a photo that could not settle it (a measure too near a cut-off, fingers leaning toward the lens).
 * The finger spacing is left out: it reads the pose, not the hand, so no profile states it.
 */
export const HAND_SHAPE_TRAITS = [
  'handType',
  'palmShape',
  'fingerLength',
  'indexVsRing',
  'littleFinger',
  'middleFinger',
  'thumbLength',
  'thumbAngle',
] as const satisfies readonly ProfileTraitId[];
export type HandShapeTrait = (typeof HAND_SHAPE_TRAITS)[number];

/**
 * What "Your palm at a glance" says this photo left open: "Not settled by this photo: palm shape,
 * fingers and thumb length." Undefined where it settled the hand's whole shape. The web report and
 * the PDF both use it.
 */
export function profileLeftOpen(profile: PalmProfile): string | undefined {
  const open = HAND_SHAPE_TRAITS.filter((trait) => profile[trait] === null).map((trait) =>
    PROFILE_TRAIT_NAMES[trait].toLowerCase(),
  );
  return open.length === 0 ? undefined : `Not settled by this photo: ${listInWords(open)}.`;
}

/** "a, b and c": the report's panels, the measured facts and the narrator's sentences join a list alike. */
export const listInWords = (items: readonly string[]) =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
