import { VEDIC_TATTVAS, type ReadingSection } from '@palm/contracts';
import type { ElementalHandType, LineName, PalmObservation } from '../palm-observation';
import type { Finding } from '../rules/palm-rule';
import type { PalmTraits } from '../rules/palm-traits';
import {
  briefly,
  featuresOfReads,
  featureWords,
  HAND_FEATURES,
  isLineName,
  lineShape,
  type HandFeature,
} from './palm-description';
import { namesOf, NOTHING_READ_SUBTITLE } from './section-subtitle';

/**
 * A section's basis tags name the features its text reads or leans on, each by the tag of the
 * finding that reads it: this section's own findings first; for a feature read in another section
 * (a refer-back, a theme carried over), the tag it is read under there; for a line only described
 * (its shape, with no rule of its own firing: its classes are those most hands have), the line as
 * this palm shows it ("Heart line: gently curved").
 */
export interface TagBook {
  /** The tags of a feature in a section whose own findings are `own`. */
  tagsOf(feature: HandFeature, own: readonly Finding[]): string[];
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The spec cuts a tag past this many characters; a line's tag keeps the classes that fit. */
const TAG_LENGTH = 30;

/**
 * "Heart line: gently curved": a line by the classes it was read with, as many as fit a tag
 * (the sentence describing it says them all); "Fate line seen" with none.
 */
export function lineTag(line: LineName, classes: readonly string[]): string {
  const name = `${capitalised(line)} line`;
  const fitting = classes.filter(
    (_, at) => `${name}: ${classes.slice(0, at + 1).join(', ')}`.length <= TAG_LENGTH,
  );
  const kept = fitting.length > 0 ? fitting : classes.slice(0, 1);
  return kept.length > 0 ? `${name}: ${kept.join(', ')}` : `${name} seen`;
}

/** "Water hand": the element as the tattva rules tag it. */
const handTag = (handType: ElementalHandType) => `${capitalised(VEDIC_TATTVAS[handType].english)} hand`;

/** A feature tagged by how this palm shows it, for a feature no rule of this reading reads alone. */
function describedTag(
  feature: HandFeature,
  traits: PalmTraits,
  observation: PalmObservation,
): string | undefined {
  if (isLineName(feature)) {
    const shape = lineShape(feature, traits, observation);
    return shape && lineTag(feature, shape.adjectives);
  }
  if (feature === 'handType') return traits.handType ? handTag(traits.handType) : undefined;
  // A trait by the words it is named again with: "Very long little finger" fits a tag, the full
  // description would be cut.
  const words = featureWords(feature, traits, observation);
  return words && capitalised(briefly(words).replace(/^your /, ''));
}

/** The features a finding's condition read, the hand side aside. */
export const featuresOf = (finding: Finding): HandFeature[] => featuresOfReads(finding.reads);

/**
 * The tags of one reading. `findings`: the reading's findings, those it states first; a feature
 * read elsewhere is tagged as the first of them that reads that feature alone.
 */
export function tagBook(
  findings: readonly Finding[],
  traits: PalmTraits,
  observation: PalmObservation,
): TagBook {
  const alone = new Map<HandFeature, string>();
  for (const finding of findings) {
    const [feature, ...more] = featuresOf(finding);
    if (feature && more.length === 0 && !alone.has(feature)) alone.set(feature, finding.basis);
  }
  return {
    tagsOf(feature, own) {
      const mine = own.filter((finding) => featuresOf(finding).includes(feature)).map((f) => f.basis);
      if (mine.length > 0) return mine;
      const tag = alone.get(feature) ?? describedTag(feature, traits, observation);
      return tag ? [tag] : [];
    },
  };
}

/** A section's tags: for each feature it reads, in order, its tags, each tag once. */
export const basisOf = (reads: readonly HandFeature[], own: readonly Finding[], book: TagBook): string[] => [
  ...new Set(reads.flatMap((feature) => book.tagsOf(feature, own))),
];

const LINE_TAG = /^(heart|head|life|fate|sun|marriage) line\b/i;
const HAND_TAG = new RegExp(
  `^(?:${Object.values(VEDIC_TATTVAS)
    .map((t) => t.english)
    .join('|')}) hand$`,
  'i',
);

/**
 * What a tag names on this palm, independently of how the narrator chose it: a tag of a rule that
 * fired names the features its findings read; otherwise a line's tag names its line, an element's
 * the hand type, and a described trait or mount the feature it describes.
 */
function featuresNamedBy(
  tag: string,
  fired: readonly Finding[],
  traits: PalmTraits,
  observation: PalmObservation,
): HandFeature[] {
  const byRule = fired.filter((finding) => finding.basis === tag).flatMap(featuresOf);
  if (byRule.length > 0) return [...new Set(byRule)];
  const line = LINE_TAG.exec(tag)?.[1]?.toLowerCase();
  if (line && isLineName(line)) return [line];
  if (HAND_TAG.test(tag)) return ['handType'];
  return HAND_FEATURES.filter((feature) => describedTag(feature, traits, observation) === tag);
}

/** The features a subtitle names, by the names headers give them. */
function featuresNamedIn(subtitle: string, handType: ElementalHandType | null): Set<string> {
  const named = new Set<string>();
  const said = subtitle.toLowerCase();
  for (const feature of HAND_FEATURES)
    for (const name of namesOf(feature, handType)) if (said.includes(name.toLowerCase())) named.add(name);
  return named;
}

/**
 * Where a section's header or tags and its text disagree: a tag or subtitle naming a feature the
 * text does not read, or a feature the text reads that no tag names. `reads` is what the narrator
 * reports its text read or leaned on; the tags are mapped back to features through the rules that
 * fired on this palm (`fired`), so a tag chosen wrongly shows. Empty when they agree.
 */
export function basisFaults(
  section: Pick<ReadingSection, 'subtitle' | 'basis'>,
  reads: readonly HandFeature[],
  {
    fired,
    traits,
    observation,
  }: { fired: readonly Finding[]; traits: PalmTraits; observation: PalmObservation },
): string[] {
  const faults: string[] = [];
  const tagged = new Set<HandFeature>();
  for (const tag of section.basis) {
    const features = featuresNamedBy(tag, fired, traits, observation);
    if (features.length === 0) faults.push(`tag “${tag}” names no feature of this palm`);
    for (const feature of features) {
      tagged.add(feature);
      if (!reads.includes(feature))
        faults.push(`tag “${tag}” names ${feature}, which the text does not read`);
    }
  }
  for (const feature of reads)
    if (!tagged.has(feature)) faults.push(`the text reads ${feature}, which no tag names`);
  const readNames = new Set(reads.flatMap((feature) => namesOf(feature, traits.handType)));
  const named = featuresNamedIn(section.subtitle, traits.handType);
  for (const name of named)
    if (!readNames.has(name)) faults.push(`the subtitle names ${name}, which the text does not read`);
  if (reads.length > 0 && named.size === 0) faults.push('the subtitle names none of what the text reads');
  if (reads.length === 0 && section.subtitle !== NOTHING_READ_SUBTITLE)
    faults.push('the subtitle names a reading where the text reads nothing of this palm');
  return faults;
}
