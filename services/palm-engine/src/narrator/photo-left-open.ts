import { listInWords, type HandShapeTrait, type PalmProfile } from '@palm/contracts';
import type { PalmObservation } from '../palm-observation';
import { FINGER_TRAITS, liftedNoiseShare, statesTrait } from '../profile/palm-profile';
import { TRAIT_RELIABILITY } from '../profile/trait-reliability.recorded';
import type { TraitReliabilityTable } from '../profile/trait-reliability';
import { FINGER_NAMES_IN_TEXT } from '../rules/vedic-names';
import { traitOf } from './feature-measures';
import type { Named, Said } from './palm-description';
import type { PhraseChooser } from './phrase-chooser';

/**
 * The traits a second photo could settle, in the order a palmist would miss them: what each is
 * called when it is left open, and what the tradition reads in it. None names a class, so nothing
 * here claims what the profile does not hold.
 */
const LEFT_OPEN: readonly { trait: HandShapeTrait; what: string; reads: string }[] = [
  {
    trait: 'thumbLength',
    what: `the length of your ${FINGER_NAMES_IN_TEXT.thumb}`,
    reads: 'the thumb for will and determination',
  },
  {
    trait: 'palmShape',
    what: 'the shape of your palm',
    reads: 'the palm’s shape for your element (tattva)',
  },
  {
    trait: 'handType',
    what: 'your hand’s element (tattva)',
    reads: 'the element for your temperament as a whole',
  },
  {
    trait: 'fingerLength',
    what: 'the length of your fingers',
    reads: 'the fingers’ length for how you weigh a decision',
  },
  {
    trait: 'indexVsRing',
    what: `how your ${FINGER_NAMES_IN_TEXT.index} and ${FINGER_NAMES_IN_TEXT.ring} compare`,
    reads: 'the index and ring fingers for ambition set against creative flair',
  },
  {
    trait: 'middleFinger',
    what: `the length of your ${FINGER_NAMES_IN_TEXT.middle}`,
    reads: 'the middle finger for duty and a serious turn of mind',
  },
  {
    trait: 'littleFinger',
    what: `the reach of your ${FINGER_NAMES_IN_TEXT.little}`,
    reads: 'the little finger for how you speak and deal with others',
  },
  {
    trait: 'thumbAngle',
    what: 'how far your thumb opens',
    reads: 'the thumb’s opening for independence of mind',
  },
];
/** Phrasings of a feature named with its reading left open: the feature's words, then what the tradition reads in it. */
const HELD_OPEN: readonly ((words: string, reads: string) => string)[] = [
  (words, reads) =>
    `Your hand also shows ${words}. The tradition reads ${reads}, but weighs it against the rest of the hand, some of which this photo could not settle; so what it says of you is left open here rather than decided by one photo.`,
  (words, reads) =>
    `We see ${words} as well. Palmists read ${reads}, but only together with the rest of the hand, and this photo left some of that too close to call; so we name it here without a verdict until a second photo settles it.`,
];

/**
 * A feature of the hand's shape the profile states, said where its reading leans a way a re-take
 * could turn (`ReadingStory.heldOpen`): named, with what the tradition reads in it and why this
 * photo leaves that open, so the trait "Your palm at a glance" shows is not passed over in silence.
 * Undefined for a feature that is not one of the hand's shape.
 */
export function heldOpenNote(named: Named, choose: PhraseChooser): Said | undefined {
  const reads = LEFT_OPEN.find((open) => open.trait === traitOf(named.feature))?.reads;
  if (reads === undefined) return undefined;
  return {
    text: choose.pick(HELD_OPEN, `held-open.${named.feature}`)(named.words, reads),
    reads: [named.feature],
  };
}

/**
 * A note names this many of what the photo left open at the least (all, where it left fewer): more
 * only where the reading needs the words, since a long list reads as failures, not as a reason to try again.
 */
const NAMED_AT_LEAST = 4;

const WHY_LIFTED: readonly string[] = [
  'the fingertips lean toward the camera in it, and a finger leaning toward the lens looks shorter than it is',
  'the fingertips lift toward the lens in it, which shortens a finger in a photo however long it is',
];
const WHY_CUT: readonly string[] = [
  'your fingertips run past the edge of it, so the fingers could not be measured',
  'the photo ends across your fingers, and a finger cut off by the frame cannot be measured',
];
const WHY_CLOSE: readonly string[] = [
  'each sat too close to the dividing line between two descriptions for a single photo to call',
  'each fell so near the point where one description gives way to the next that one photo could not decide it',
];
const SECOND_PHOTO: readonly string[] = [
  'A second photo with your palm flat and facing the camera, fingers straight and a little apart, in soft, even light, would let us read them rather than guess.',
  'Photograph your palm again, flat to the camera with your fingers straight and slightly apart in even light, and these can be read too.',
];

/**
 * What a photo that settled little left open, said in the reading itself: a reading that runs short
 * because its photo stated few traits names the ones it could not settle (those the profile could
 * state, left null here), what the tradition reads in them, why this photo could not tell, and how a
 * second photo would. It names `NAMED_AT_LEAST` of them, more where it takes more to give the reading
 * `wordsWanted` words. Undefined where the photo left none of them open.
 */
export function photoLeftOpen(
  profile: PalmProfile,
  observation: PalmObservation,
  choose: PhraseChooser,
  wordsWanted = 0,
  table: TraitReliabilityTable = TRAIT_RELIABILITY,
): string | undefined {
  const unsettled = LEFT_OPEN.filter(({ trait }) => profile[trait] === null && statesTrait(trait, table));
  // The element follows from the palm's shape and the fingers' length: where either is open, so is it.
  const follows = unsettled.some(({ trait }) => trait === 'palmShape' || trait === 'fingerLength');
  const kept = unsettled.filter(({ trait }) => !(follows && trait === 'handType'));
  // Fingers the photo cut off are what it plainly could not settle: named first, where the reason is theirs.
  const open = observation.fingersCutOff
    ? [
        ...kept.filter(({ trait }) => FINGER_TRAITS.has(trait)),
        ...kept.filter(({ trait }) => !FINGER_TRAITS.has(trait)),
      ]
    : kept;
  if (open.length === 0) return undefined;
  // Blamed on the pose only where the lift is past the point its full noise applies: a flat hand's
  // 3-D landmarks wobble by some degrees, and the retest set's flat hands lift 16° at the median.
  const lifted = liftedNoiseShare(observation, table) >= 1;
  const why = choose.pick(
    observation.fingersCutOff ? WHY_CUT : lifted ? WHY_LIFTED : WHY_CLOSE,
    'left-open.why',
  );
  const secondPhoto = choose.pick(SECOND_PHOTO, 'left-open.photo');
  const note = (named: readonly (typeof LEFT_OPEN)[number][]) => {
    const several = named.length > 1;
    return [
      `This photo did not settle ${listInWords(named.map(({ what }) => what))}: ${several ? why : why.replace(/^each /, 'it ')}.`,
      `The tradition reads ${listInWords(named.map(({ reads }) => reads))}, so ${several ? 'they are' : 'it is'} worth a second look.`,
      several
        ? secondPhoto
        : secondPhoto.replace(/\bthem\b|\bthese\b/, (word) => (word === 'them' ? 'it' : 'this')),
    ].join(' ');
  };
  const words = (text: string) => text.split(/\s+/).length;
  for (let count = Math.min(NAMED_AT_LEAST, open.length); count < open.length; count++) {
    const told = note(open.slice(0, count));
    if (words(told) >= wordsWanted) return told;
  }
  return note(open);
}
