/**
 * The reading's vocabulary as plain values, apart from the schemas that check it
 * (reading.contract.ts): a page that only names lines or traits (the report) then evaluates no
 * zod schema.
 */

export const TRACED_LINE_NAMES = ['heart', 'head', 'life', 'fate', 'sun'] as const;

/**
 * The palm profile's traits and the classes each can take. Ids are stable: a stored reading, a
 * benchmark and a browser compare profiles by them, so a class is renamed only with a new id.
 * A line is 'seen' or null: one photo can show a crease, never prove its absence. Likewise a
 * trace proves that a line runs at least so far, never that it is short: a line's length is stated
 * only as 'long' ('short' and 'medium' stay so that readings stored before still parse). The line
 * features (heartLineEnd … fateLineStart) are judged against the hand's anatomy (finger bases,
 * thumb root, wrist), each class from evidence a partial trace cannot fake; no fate line is said
 * to start in mid-palm, since a trace may start there only because its lower part was not seen.
 */
export const PROFILE_TRAIT_CLASSES = {
  handSide: ['left', 'right'],
  handType: ['earth', 'air', 'fire', 'water'],
  palmShape: ['square', 'balanced', 'oblong'],
  fingerLength: ['short', 'medium', 'long'],
  indexVsRing: ['ring-longer', 'even', 'index-longer'],
  littleFinger: ['short', 'reaching', 'long'],
  middleFinger: ['short', 'balanced', 'long'],
  thumbLength: ['short', 'medium', 'long'],
  thumbAngle: ['narrow', 'medium', 'wide'],
  fingerSpacing: ['close', 'average', 'wide'],
  creaseDensity: ['sparse', 'moderate', 'dense'],
  heartLine: ['seen'],
  heartLineLength: ['short', 'medium', 'long'],
  heartLineCurve: ['straight', 'gentle', 'curved'],
  heartLineDepth: ['faint', 'clear', 'deep'],
  heartLineBreaks: ['unbroken', 'broken'],
  headLine: ['seen'],
  headLineLength: ['short', 'medium', 'long'],
  headLineCurve: ['straight', 'gentle', 'curved'],
  headLineDepth: ['faint', 'clear', 'deep'],
  headLineBreaks: ['unbroken', 'broken'],
  lifeLine: ['seen'],
  lifeLineLength: ['short', 'medium', 'long'],
  lifeLineCurve: ['straight', 'gentle', 'curved'],
  lifeLineDepth: ['faint', 'clear', 'deep'],
  lifeLineBreaks: ['unbroken', 'broken'],
  fateLine: ['seen'],
  fateLineLength: ['short', 'medium', 'long'],
  fateLineDepth: ['faint', 'clear', 'deep'],
  fateLineBreaks: ['unbroken', 'broken'],
  sunLine: ['seen'],
  sunLineLength: ['short', 'medium', 'long'],
  sunLineDepth: ['faint', 'clear', 'deep'],
  marriageLine: ['seen'],
  marriageLineDepth: ['faint', 'clear', 'deep'],
  heartLineEnd: ['under-jupiter', 'between-jupiter-and-saturn', 'under-saturn'],
  headLineStart: ['joined-to-life', 'apart-from-life'],
  headLineEnd: ['toward-moon', 'level'],
  lifeLineArc: ['narrow', 'medium', 'wide'],
  fateLineStart: ['wrist', 'life-line', 'moon-mount'],
} as const;
export type ProfileTraitId = keyof typeof PROFILE_TRAIT_CLASSES;
export const PROFILE_TRAIT_IDS = Object.keys(PROFILE_TRAIT_CLASSES) as ProfileTraitId[];
export type ProfileClass<T extends ProfileTraitId> = (typeof PROFILE_TRAIT_CLASSES)[T][number];

/** Every trait → its class, or null where this photo could not determine it (never left out). */
export type PalmProfile = { [T in ProfileTraitId]: ProfileClass<T> | null };
