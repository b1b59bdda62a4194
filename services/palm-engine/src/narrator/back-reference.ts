/**
 * A clause said right after one that already names its feature refers back to it instead of naming
 * it again: "Your thumb is very long, and such a thumb points to determination", not "…, and your
 * long thumb points to determination". The narrator words a joined clause this way, and the markers
 * find a finding's wording in it the same way (markers/palm-markers.ts).
 */

/** The features a finding's clause opens on; "fingers" apart from "finger", so a finger is not the fingers. */
const FEATURE_NOUNS = [
  'heart line',
  'head line',
  'life line',
  'fate line',
  'sun line',
  'index finger',
  'ring finger',
  'little finger',
  'middle finger',
  'fingers',
  'thumb',
  'palm',
] as const;
type FeatureNoun = (typeof FEATURE_NOUNS)[number];

const NOUN = `(${FEATURE_NOUNS.join('|')})`;
/** What a clause says of its subject: the verbs the findings read a feature with. */
const VERB = String.raw`(?:suggests?|points?|speaks?|says?|reads?|links?|means?|shows?|hints?|adds?|belongs?|marks?|is read|are read)\b`;
/** "your long thumb points …": the subject with the words that class it, then what it says. */
const CLASSED_SUBJECT = new RegExp(String.raw`^your ((?:[\w’-]+,? )+?)${NOUN} (?=${VERB})`, 'i');
/** "the generous angle of your thumb is read …": a quality of the feature, then what it says. */
const QUALITY_SUBJECT = new RegExp(
  String.raw`^the ((?:[\w’-]+ )*?[\w’-]+) of your ${NOUN}\b(?=[\w ’-]* ${VERB})`,
  'i',
);
/** A feature named only as where something lies ("across your palm") is not the feature itself. */
const ONLY_A_PLACE = /(?:across|along|for|in|on|to|under|below|above|from|round|toward) your $/i;

const plural = (noun: FeatureNoun) => noun === 'fingers';

const NAMED = Object.fromEntries(
  FEATURE_NOUNS.map((noun) => [noun, new RegExp(String.raw`\b${noun}\b`, 'gi')]),
) as Record<FeatureNoun, RegExp>;

/** Whether a clause names the feature itself, not just a place on it. */
function names(clause: string, noun: FeatureNoun): boolean {
  for (const match of clause.matchAll(NAMED[noun])) {
    if (!ONLY_A_PLACE.test(clause.slice(0, match.index))) return true;
  }
  return false;
}

/**
 * The clause with its feature referred back to ("such a thumb points …", "its generous angle is
 * read …"), where it opens on a feature in one of those two ways; the clause's first letter is kept
 * lower case, as a joined clause is written.
 */
export function referringBack(clause: string): { text: string; noun: FeatureNoun } | undefined {
  const classed = CLASSED_SUBJECT.exec(clause);
  if (classed) {
    const noun = classed[2]!.toLowerCase() as FeatureNoun;
    const such = plural(noun) ? 'such' : /^[aeiou]/.test(noun) ? 'such an' : 'such a';
    return { text: `${such} ${noun} ${clause.slice(classed[0].length)}`, noun };
  }
  const quality = QUALITY_SUBJECT.exec(clause);
  if (quality) {
    const noun = quality[2]!.toLowerCase() as FeatureNoun;
    return {
      text: `${plural(noun) ? 'their' : 'its'} ${quality[1]}${clause.slice(quality[0].length)}`,
      noun,
    };
  }
  return undefined;
}

/** "your palm suggests …": the feature named bare, then what it says. */
const BARE_SUBJECT = new RegExp(String.raw`^your ${NOUN} (?=${VERB})`, 'i');

/**
 * The clause with its feature said as a pronoun ("it points …"), where it opens on the bare feature:
 * only right after a clause that names that one feature, where "it" cannot mean another.
 */
export function pronounFor(clause: string): string | undefined {
  const bare = BARE_SUBJECT.exec(clause);
  if (!bare) return undefined;
  return `${plural(bare[1]!.toLowerCase() as FeatureNoun) ? 'they' : 'it'} ${clause.slice(bare[0].length)}`;
}

/** Every way a clause may stand after one naming its feature: what a marker looks for in the text. */
export function backReferences(clause: string): string[] {
  return [referringBack(clause)?.text, pronounFor(clause)].filter(
    (text): text is string => text !== undefined,
  );
}

const OPENING = new RegExp(String.raw`^(?:your (?:[\w’-]+,? )*?|the (?:[\w’-]+ )*?of your )${NOUN}\b`, 'i');

/** The feature a clause opens on, where it opens "your … thumb" or "the … of your thumb". */
function openingFeature(clause: string): FeatureNoun | undefined {
  const opening = OPENING.exec(clause);
  return opening ? (opening[1]!.toLowerCase() as FeatureNoun) : undefined;
}

/**
 * The second of two clauses to be said in one sentence, as it is said there: referring back to its
 * feature where the first names it, unchanged where the first does not; undefined where the first
 * names it and the second cannot refer back ("…head line; your head line dreams…"), so the two are
 * better said apart.
 */
export function afterNaming(first: string, second: string): string | undefined {
  const feature = openingFeature(second);
  if (!feature || !names(first, feature)) return second;
  const back = referringBack(second);
  return back?.noun === feature ? back.text : undefined;
}
