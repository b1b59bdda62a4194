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

const AREA_FEATURES: Record<LifeArea, readonly Feature[]> = {
  love: [line('heart', 'heart line'), FEATURES.spacing, FEATURES.thumbAngle, FEATURES.littleFinger],
  career: [
    line('head', 'head line'),
    line('fate', 'fate line'),
    FEATURES.indexVsRing,
    FEATURES.fingers,
    FEATURES.thumb,
  ],
  health: [line('life', 'life line'), FEATURES.thumbAngle, FEATURES.creases, FEATURES.palmShape],
  money: [
    line('sun', 'sun line'),
    line('fate', 'fate line'),
    FEATURES.littleFinger,
    FEATURES.spacing,
    FEATURES.palmShape,
  ],
  spiritual: [FEATURES.creases, FEATURES.middleFinger, FEATURES.palmShape, FEATURES.fingers],
};

const TEMPLATES: readonly ((features: string) => string)[] = [
  (features) => `Looking at your hand, we see ${features}.`,
  (features) => `The first things a palmist would point to here are ${features}.`,
  (features) => `In your hand we notice ${features}.`,
];

/**
 * One sentence naming what this area is read from on this palm, leaving out what an earlier
 * section already pointed to; nothing when fewer than two features are left.
 */
export function describePalm(
  area: LifeArea,
  traits: PalmTraits,
  observation: PalmObservation,
  choose: PhraseChooser,
  described: Set<string>,
): string | undefined {
  const seen = AREA_FEATURES[area]
    .map((feature) => feature(traits, observation))
    .filter((words): words is string => Boolean(words) && !described.has(words!))
    .slice(0, FEATURES_PER_SENTENCE);
  if (seen.length < 2) return undefined;
  for (const words of seen) described.add(words);
  return choose.pick(TEMPLATES, `${area}.described`)(listInWords(seen));
}
