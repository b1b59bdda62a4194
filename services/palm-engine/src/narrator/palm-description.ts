import type { LifeArea } from '@palm/contracts';
import type { LineName, LineObservation, PalmObservation } from '../palm-observation';
import { listInWords } from '../rules/measured-facts';
import type { PalmTraits } from '../rules/palm-traits';
import type { PhraseChooser } from './phrase-chooser';

/**
 * What a palmist would point at first in each area, in plain words: the classes the profile holds
 * (lines through the profiled observation), never their numbers (those are in "How we read this").
 */
const LINE_CONFIDENCE = 0.5;
const FEATURES_PER_SENTENCE = 3;

type Feature = (traits: PalmTraits, observation: PalmObservation) => string | undefined;

const CURVES: Record<NonNullable<LineObservation['curvature']>, string> = {
  straight: 'straight',
  gentle: 'gently curved',
  curved: 'deeply curved',
};

const line =
  (name: LineName, words: string): Feature =>
  (_traits, observation) => {
    const seen = observation.lines[name];
    if (!seen.seen || seen.confidence < LINE_CONFIDENCE) return undefined;
    const shape = [seen.length, seen.curvature && CURVES[seen.curvature]].filter(Boolean).join(', ');
    // A line seen too faintly to class its shape is no clear line.
    if (!shape) return `a ${seen.depth === 'faint' ? 'fine' : 'clear'} ${words}`;
    return `a ${shape} ${words}`;
  };

/** A class in words; nothing where the profile left the trait null. */
const inWords =
  <C extends string>(words: Record<C, string>) =>
  (value: C | null): string | undefined =>
    value === null ? undefined : words[value];

const FEATURES = {
  palmShape: ({ palmShape }) =>
    inWords({
      square: 'a square palm',
      balanced: 'a palm of even proportions',
      oblong: 'a long, narrow palm',
    })(palmShape),
  fingers: ({ fingers }) =>
    inWords({ short: 'short fingers', medium: 'fingers of medium length', long: 'long fingers' })(fingers),
  spacing: ({ spacing }) =>
    inWords({
      close: 'fingers held close together',
      average: 'evenly spaced fingers',
      wide: 'widely spread fingers',
    })(spacing),
  thumb: ({ thumb }) =>
    inWords({ short: 'a short thumb', medium: 'a thumb of medium length', long: 'a long thumb' })(thumb),
  thumbAngle: ({ thumbAngle }) =>
    inWords({
      narrow: 'a thumb that stays close to the hand',
      medium: 'a thumb that opens moderately',
      wide: 'a thumb that opens wide',
    })(thumbAngle),
  indexVsRing: ({ indexVsRing }) =>
    inWords({
      'ring-longer': 'a ring finger longer than the index',
      even: 'index and ring fingers of one height',
      'index-longer': 'an index finger longer than the ring',
    })(indexVsRing),
  littleFinger: ({ littleFinger }) =>
    inWords({
      short: 'a little finger that stops below the ring finger’s top joint',
      reaching: 'a little finger that reaches the ring finger’s top joint',
      long: 'a little finger that rises past the ring finger’s top joint',
    })(littleFinger),
  middleFinger: ({ middleFinger }) =>
    inWords({
      short: 'a middle finger barely longer than its neighbours',
      balanced: 'a middle finger in balance with its neighbours',
      long: 'a long middle finger',
    })(middleFinger),
  creases: ({ creases }) =>
    inWords({
      sparse: 'few, clear creases',
      moderate: 'a moderate web of fine creases',
      dense: 'many fine creases',
    })(creases),
} satisfies Record<string, Feature>;

/** The traits each area reads, in the words used when this photo could not settle them. */
export type TraitName = keyof typeof FEATURES;
const UNSETTLED_WORDS: Record<TraitName, string> = {
  palmShape: 'the shape of your palm',
  fingers: 'the length of your fingers',
  spacing: 'how your fingers are spaced',
  thumb: 'the length of your thumb',
  thumbAngle: 'how far your thumb opens',
  indexVsRing: 'how your index and ring fingers compare',
  littleFinger: 'the reach of your little finger',
  middleFinger: 'the length of your middle finger',
  creases: 'the fine creases of your palm',
};

const AREA_FEATURES: Record<LifeArea, readonly (Feature | TraitName)[]> = {
  love: [line('heart', 'heart line'), 'spacing', 'thumbAngle', 'littleFinger'],
  career: [line('head', 'head line'), line('fate', 'fate line'), 'indexVsRing', 'fingers', 'thumb'],
  health: [line('life', 'life line'), 'thumbAngle', 'creases', 'palmShape'],
  money: [line('sun', 'sun line'), line('fate', 'fate line'), 'littleFinger', 'spacing', 'palmShape'],
  spiritual: ['creases', 'middleFinger', 'palmShape', 'fingers'],
};

const featureOf = (feature: Feature | TraitName): Feature =>
  typeof feature === 'string' ? FEATURES[feature] : feature;

const TEMPLATES: readonly ((features: string) => string)[] = [
  (features) => `Looking at your hand, we see ${features}.`,
  (features) => `The first things a palmist would point to here are ${features}.`,
  (features) => `In your hand we notice ${features}.`,
];

const UNSETTLED_TEMPLATES: readonly ((traits: string, several: boolean) => string)[] = [
  (traits, several) =>
    `This photo could not settle ${traits}, so we leave ${several ? 'them' : 'it'} out rather than guess.`,
  (traits) => `We leave ${traits} unread here, where a second photo might see differently.`,
];

/**
 * One sentence naming what this area is read from on this palm, leaving out what an earlier
 * section already pointed to; nothing when no feature is left.
 */
export function describePalm(
  area: LifeArea,
  traits: PalmTraits,
  observation: PalmObservation,
  choose: PhraseChooser,
  described: Set<string>,
): string | undefined {
  const seen = AREA_FEATURES[area]
    .map((feature) => featureOf(feature)(traits, observation))
    .filter((words): words is string => Boolean(words) && !described.has(words!))
    .slice(0, FEATURES_PER_SENTENCE);
  if (seen.length === 0) return undefined;
  for (const words of seen) described.add(words);
  return choose.pick(TEMPLATES, `${area}.described`)(listInWords(seen));
}

/**
 * The traits this area would read that the profile left unstated, named once per reading: a
 * thin section says honestly why it is thin, in terms of this photo, instead of filling up.
 */
export function unsettledTraits(
  area: LifeArea,
  traits: PalmTraits,
  observation: PalmObservation,
  choose: PhraseChooser,
  named: Set<TraitName>,
): string | undefined {
  const unsettled = AREA_FEATURES[area].filter(
    (feature): feature is TraitName =>
      typeof feature === 'string' &&
      !named.has(feature) &&
      featureOf(feature)(traits, observation) === undefined,
  );
  if (unsettled.length === 0) return undefined;
  for (const trait of unsettled) named.add(trait);
  const words = listInWords(unsettled.map((trait) => UNSETTLED_WORDS[trait]));
  return choose.pick(UNSETTLED_TEMPLATES, `${area}.unsettled`)(words, unsettled.length > 1);
}
