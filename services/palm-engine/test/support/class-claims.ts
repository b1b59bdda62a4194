import type { PalmProfile, ProfileTraitId } from '@palm/contracts';

/**
 * The class claims a reading can make, found by their words in its tags and prose, with the
 * profile classes each needs. Written from the reading's own vocabulary, not from the engine's
 * code, so that a claim reaching the text by any path other than the profile is caught.
 */
const CLAIMS: readonly { words: RegExp; trait: ProfileTraitId; classes: readonly string[] }[] = [
  { words: /\bwater hand\b|\(water\) hand/i, trait: 'handType', classes: ['water'] },
  { words: /\bfire hand\b|\(fire\) hand/i, trait: 'handType', classes: ['fire'] },
  { words: /\bearth hand\b|\(earth\) hand/i, trait: 'handType', classes: ['earth'] },
  { words: /\bair hand\b|\(air\) hand/i, trait: 'handType', classes: ['air'] },
  { words: /\bsquare palm\b|\bsquarish palm\b/i, trait: 'palmShape', classes: ['square'] },
  { words: /\bbalanced palm\b|palm of even proportions/i, trait: 'palmShape', classes: ['balanced'] },
  { words: /\blong, (?:narrow|oblong) palm\b/i, trait: 'palmShape', classes: ['oblong'] },
  {
    words: /^Long fingers$|\blong fingers\b|fingers on the long side/,
    trait: 'fingerLength',
    classes: ['long'],
  },
  {
    words: /^Short fingers$|^short fingers\b|fingers on the short side/i,
    trait: 'fingerLength',
    classes: ['short'],
  },
  { words: /medium-length fingers|fingers of medium length/i, trait: 'fingerLength', classes: ['medium'] },
  { words: /short or medium fingers/i, trait: 'fingerLength', classes: ['short', 'medium'] },
  { words: /\blong thumb\b/i, trait: 'thumbLength', classes: ['long'] },
  { words: /\bshort(?:er)? thumb\b/i, trait: 'thumbLength', classes: ['short'] },
  { words: /thumb of medium length/i, trait: 'thumbLength', classes: ['medium'] },
  {
    words:
      /ring finger (?:is )?(?:only )?(?:much |just |clearly )?longer than (?:the )?index|ring finger much longer/i,
    trait: 'indexVsRing',
    classes: ['ring-longer'],
  },
  {
    words: /index finger (?:just |clearly )?longer than (?:the )?ring/i,
    trait: 'indexVsRing',
    classes: ['index-longer'],
  },
  { words: /index and ring fingers (?:level|of one height)/i, trait: 'indexVsRing', classes: ['even'] },
  {
    words:
      /middle finger (?:is )?(?:only a little|barely|scarcely) longer than its neighbours|modest middle finger|^Middle finger near neighbours$/i,
    trait: 'middleFinger',
    classes: ['short'],
  },
  {
    words:
      /middle finger (?:rising|rises) [\w ]*above its neighbours|\blong middle finger|^Middle finger long$/i,
    trait: 'middleFinger',
    classes: ['long'],
  },
  { words: /thumb opens (?:fairly |very )?wide/i, trait: 'thumbAngle', classes: ['wide'] },
  {
    words:
      /thumb (?:held close to|(?:that )?stays (?:fairly )?close to|(?:that )?stays tight against) the hand/i,
    trait: 'thumbAngle',
    classes: ['narrow'],
  },
  { words: /fingers spread wide|widely spread fingers/i, trait: 'fingerSpacing', classes: ['wide'] },
  { words: /fingers held close/i, trait: 'fingerSpacing', classes: ['close'] },
  { words: /^Heart line: long$/, trait: 'heartLineLength', classes: ['long'] },
  { words: /^Heart line: short$/, trait: 'heartLineLength', classes: ['short'] },
  { words: /^Head line: long$/, trait: 'headLineLength', classes: ['long'] },
  { words: /^Life line: (?:short)$/, trait: 'lifeLineLength', classes: ['short'] },
  { words: /^Life line: (?:long)$/, trait: 'lifeLineLength', classes: ['long'] },
  { words: /^Heart line: broken$/, trait: 'heartLineBreaks', classes: ['broken'] },
  { words: /^Head line: straight$/, trait: 'headLineCurve', classes: ['straight'] },
  { words: /^Fate line seen$/, trait: 'fateLine', classes: ['seen'] },
  { words: /^Sun line seen$/, trait: 'sunLine', classes: ['seen'] },
  { words: /^Heart line: ends under Jupiter$/, trait: 'heartLineEnd', classes: ['under-jupiter'] },
  {
    words: /^Heart line: Jupiter-Saturn end$/,
    trait: 'heartLineEnd',
    classes: ['between-jupiter-and-saturn'],
  },
  { words: /^Heart line: ends under Saturn$/, trait: 'heartLineEnd', classes: ['under-saturn'] },
  {
    words: /^Head line: starts joined$/,
    trait: 'headLineStart',
    classes: ['joined-to-life'],
  },
  {
    words: /^Head line: starts apart$/,
    trait: 'headLineStart',
    classes: ['apart-from-life'],
  },
  { words: /^Head line: runs level$/, trait: 'headLineEnd', classes: ['level'] },
  { words: /^Head line: slopes to the Moon$/, trait: 'headLineEnd', classes: ['toward-moon'] },
  { words: /^Life line: wide arc$/, trait: 'lifeLineArc', classes: ['wide'] },
  { words: /^Life line: moderate arc$/, trait: 'lifeLineArc', classes: ['medium'] },
  { words: /^Life line: close to the thumb$/, trait: 'lifeLineArc', classes: ['narrow'] },
  { words: /^Fate line: from the wrist$/, trait: 'fateLineStart', classes: ['wrist'] },
  { words: /^Fate line: from the life line$/, trait: 'fateLineStart', classes: ['life-line'] },
  { words: /^Fate line: from the Moon mount$/, trait: 'fateLineStart', classes: ['moon-mount'] },
];

/** Each claim found in `texts` whose class the profile does not hold, as "words → trait=class". */
export function claimsNotInProfile(texts: readonly string[], profile: PalmProfile): string[] {
  return CLAIMS.flatMap(({ words, trait, classes }) =>
    texts
      .filter((text) => words.test(text) && !classes.includes(profile[trait] ?? ''))
      .map((text) => `“${text}” → ${trait}=${String(profile[trait])}`),
  );
}
