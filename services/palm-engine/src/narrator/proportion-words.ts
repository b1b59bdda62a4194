import type { LineName, PalmObservation } from '../palm-observation';
import { lineFeatureFacts } from '../profile/line-features';
import { measuresOf } from '../profile/profile-measures';
import type { PalmTraits } from '../rules/palm-traits';

/**
 * This hand's measured proportions said as a person would say them ("a middle finger nearly nine
 * tenths as long as the palm"), never as numbers (those stay in "How we read this"). Two hands
 * share a class far more often than its proportion, so these words are what make a sentence this
 * palm's own. Only a trait whose class the profile states is measured here.
 */
const FRACTIONS: readonly (readonly [number, string])[] = [
  [1 / 20, 'a twentieth'],
  [1 / 10, 'a tenth'],
  [1 / 8, 'an eighth'],
  [1 / 6, 'a sixth'],
  [1 / 5, 'a fifth'],
  [1 / 4, 'a quarter'],
  [3 / 10, 'three tenths'],
  [1 / 3, 'a third'],
  [2 / 5, 'two fifths'],
  [1 / 2, 'half'],
  [3 / 5, 'three fifths'],
  [2 / 3, 'two thirds'],
  [7 / 10, 'seven tenths'],
  [3 / 4, 'three quarters'],
  [4 / 5, 'four fifths'],
  [9 / 10, 'nine tenths'],
];
/** Within this share of a fraction a value is "about" it; further out, "just under" or "just over". */
const ABOUT = 0.02;

/** A share 0–1 in words: "nearly two thirds", "just over a quarter". */
export function fractionInWords(value: number): string {
  const [fraction, words] = FRACTIONS.reduce((best, item) =>
    Math.abs(item[0] - value) < Math.abs(best[0] - value) ? item : best,
  );
  const off = (value - fraction) / fraction;
  if (Math.abs(off) <= ABOUT) return `about ${words}`;
  return off < 0 ? `nearly ${words}` : `just over ${words}`;
}

const SMALL_NUMBERS = [
  'no',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];

function degreesInWords(degrees: number): string {
  const whole = Math.round(degrees);
  if (whole < SMALL_NUMBERS.length) return `${SMALL_NUMBERS[whole]!} ${whole === 1 ? 'degree' : 'degrees'}`;
  if (whole >= 80 && whole <= 100) return 'nearly a right angle';
  return `${fractionInWords(whole / 90)} of a right angle`;
}

/**
 * How far the little finger passes or falls short of the ring finger's top joint, in words, on
 * the side the profile's class puts it: one classed as reaching it is never said to fall well short.
 */
function reachInWords(ratio: number, reach: PalmTraits['littleFinger']): string {
  const off = Math.abs(ratio - 1);
  if (reach === 'reaching') return off < 0.02 ? 'level with it' : 'or near enough';
  if (off < 0.06) return 'but only just';
  return reach === 'short'
    ? `its tip at ${fractionInWords(ratio)} of that joint’s height`
    : `its tip ${fractionInWords(off)} higher than that joint`;
}

type Proportion = (
  measures: ReturnType<typeof measuresOf>,
  observation: PalmObservation,
  traits: PalmTraits,
) => string;

/**
 * The observer measures the palm from the wrist to the middle finger's knuckle and across the
 * knuckles, a shorter palm than a ruler's: the words say so, so that a visitor is not misled. (A
 * thumb is measured from its root by the wrist, so even a short one comes to most of that palm: its
 * length is left to "How we read this".)
 */
const palmInWords = (palmRatio: number) =>
  palmRatio < 1.03
    ? 'about as long from wrist to middle knuckle as it is wide across the knuckles'
    : `${fractionInWords(palmRatio - 1)} longer from wrist to middle knuckle than it is wide across the knuckles`;
const middleInWords = (middleToPalm: number) =>
  middleToPalm > 1.03
    ? `${fractionInWords(middleToPalm - 1)} longer than the palm from wrist to knuckle`
    : middleToPalm >= 0.97
      ? 'as long as the palm from wrist to knuckle'
      : `${fractionInWords(middleToPalm)} as long as the palm from wrist to knuckle`;

/** Each clause follows the trait's class in words: "short fingers, the middle one nearly four fifths as long as the palm". */
const PROPORTIONS: Partial<Record<keyof PalmTraits, Proportion>> = {
  palmShape: ({ palmRatio }) => palmInWords(palmRatio),
  fingers: ({ middleToPalm }) => `the middle one ${middleInWords(middleToPalm)}`,
  spacing: ({ fingerSpreadDegrees }) => `${degreesInWords(fingerSpreadDegrees)} apart on average`,
  indexVsRing: ({ indexToRing }, _, { indexVsRing }) =>
    indexVsRing === 'even'
      ? 'as near level as a photo can tell'
      : `by ${fractionInWords(Math.abs(indexToRing < 1 ? 1 / indexToRing - 1 : indexToRing - 1))}`,
  littleFinger: ({ littleToRingTopJoint }, _, { littleFinger }) =>
    reachInWords(littleToRingTopJoint, littleFinger),
  middleFinger: ({ middleToIndexAndRing }, _, { middleFinger }) => {
    const over = fractionInWords(Math.max(0.01, middleToIndexAndRing - 1));
    return middleFinger === 'short' ? `by ${over}` : `${over} longer than the fingers beside it`;
  },
  creases: (_, { creaseDensity }) => `over ${fractionInWords(creaseDensity.valleyShare)} of the palm`,
};

/** The measured proportion of a trait the profile states, as a clause; nothing for a trait it left open. */
export function proportionInWords(
  trait: string,
  traits: PalmTraits,
  observation: PalmObservation,
): string | undefined {
  const proportion = PROPORTIONS[trait as keyof PalmTraits];
  if (!proportion || traits[trait as keyof PalmTraits] === null) return undefined;
  return proportion(measuresOf(observation), observation, traits);
}

/**
 * How far a line runs on this hand, as a clause after its description ("running nearly three
 * quarters of the way across the palm"), for a line whose anatomical class the profile states.
 */
export function lineReachInWords(
  line: LineName,
  traits: PalmTraits,
  observation: PalmObservation,
): string | undefined {
  const facts = lineFeatureFacts(observation);
  const said = (value: number, words: (fraction: string) => string) =>
    Number.isFinite(value) && value > 0 && value < 1 ? words(fractionInWords(value)) : undefined;
  switch (line) {
    case 'heart':
      return traits.heartEnd
        ? said(facts.heartReach, (f) => `running ${f} of the way across the palm`)
        : undefined;
    case 'life':
      return traits.lifeArc
        ? said(facts.lifeReach, (f) => `swinging ${f} of the way across the palm`)
        : undefined;
    case 'fate':
      return traits.fateStart
        ? said(facts.fateFrom, (f) => `starting ${f} of the way down the palm`)
        : undefined;
    default:
      return undefined;
  }
}

/**
 * The proportions a hand's element is judged on, in words: "a palm just over a third longer than
 * it is wide, with a middle finger nearly nine tenths as long".
 */
export function elementProportions(observation: PalmObservation): string {
  const { palmRatio, middleToPalm } = measuresOf(observation);
  return `a palm ${palmInWords(palmRatio)}, with a middle finger ${middleInWords(middleToPalm)}`;
}
