import type { LifeArea, PalmProfile, ReadingTheme } from '@palm/contracts';
import type { PalmObservation } from '../palm-observation';
import { reliabilityOf } from '../profile/palm-profile';
import { measuresOf } from '../profile/profile-measures';
import { TRAIT_RELIABILITY } from '../profile/trait-reliability.recorded';
import {
  ASSERTION_AXES,
  AXES,
  opposingAxes,
  polesOf,
  type AssertionAxis,
  type Assertions,
  type PoleKey,
} from '../rules/assertions';
import { oneAreaPerFeature } from '../rules/interpret';
import { byStrength, type Finding } from '../rules/palm-rule';
import type { PalmTraits } from '../rules/palm-traits';
import { TATTVA_LABELS } from '../rules/vedic-names';
import { proportionOf, traitOf } from './feature-measures';
import { asYours, featureList, namedOnce, sectionFeatures } from './palm-description';
import type { PhraseChooser } from './phrase-chooser';

/**
 * The reading as one story: the findings it states (each feature in one section, and no axis
 * stated both ways), the places where this hand pulls two ways (said once, as one nuanced
 * sentence), and the opening themes that tie this hand's most distinctive features together.
 */
export interface ReadingStory {
  findings: Finding[];
  /** Findings of the weaker pole of a tension: not stated, but named in the tension's sentence. */
  yielded: Finding[];
  tensions: Tension[];
  themes: ReadingTheme[];
  /** The poles the themes state, for the checker. */
  themePoles: PoleKey[];
  /** The poles of each theme, in the themes' order: none for a theme told from a tension. */
  polesByTheme: PoleKey[][];
}

export interface Tension {
  axis: AssertionAxis;
  /** Told as one of the opening themes: the section then leaves it to the theme. */
  themed?: boolean;
  /** The section that says it: where the stronger side's finding is read. */
  area: LifeArea;
  /** The two features that pull apart, in words: the stronger side first. */
  features: readonly [string, string];
  sentence: string;
}

const MIN_THEMES = 3;
const MAX_THEMES = 5;
const FEATURES_PER_THEME = 3;

/** Profile classes at the population's middle: a hand that has them is like most hands there. */
const MIDDLE_CLASSES = new Set([
  'medium',
  'balanced',
  'average',
  'even',
  'moderate',
  'reaching',
  'gentle',
  'clear',
]);
const MIDDLE_WEIGHT = 0.3;
/** Mounts are barely visible in a photo and have no recorded reliability: they rarely carry a theme. */
const MOUNT_WEIGHT = 0.15;
const UNRECORDED_RELIABILITY = 0.5;

/**
 * How far this hand's feature lies from the population's middle, 0–1, times how often its class
 * survived a re-take: a rare, reliably measured feature is what tells this hand from others.
 */
export function distinctiveness(feature: string, profile: PalmProfile, observation: PalmObservation): number {
  if (feature.startsWith('mount.')) return MOUNT_WEIGHT;
  const trait = traitOf(feature);
  if (!trait) return 0;
  const reliability = reliabilityOf(trait, TRAIT_RELIABILITY) ?? UNRECORDED_RELIABILITY;
  const proportion = proportionOf(feature);
  if (proportion) {
    const {
      measure,
      cutoffs: [low, high],
    } = proportion;
    const half = (high - low) / 2;
    const away = Math.abs(measuresOf(observation)[measure] - (low + high) / 2) / half;
    // At a cut-off (one tertile from the middle) a hand is unremarkable; two half-widths out, rare.
    return Math.min(1, Math.max(MIDDLE_WEIGHT / 2, away / 2)) * reliability;
  }
  const value = (profile as Record<string, string | null>)[trait];
  if (value === null || value === undefined) return 0;
  return (MIDDLE_CLASSES.has(value) ? MIDDLE_WEIGHT : 1) * reliability;
}

/** The features a finding interprets, not the bookkeeping it read on the way (a line's confidence). */
const featuresOf = (finding: Finding) =>
  finding.reads.filter(
    (feature) =>
      // Whether a fate or sun line shows at all is a feature of the hand; a line's other bookkeeping is not.
      (/^(?:fate|sun)\.seen$/.test(feature) || !/\.(?:seen|confidence|anchor|trace)$/.test(feature)) &&
      feature !== 'side',
  );

type Words = (features: string) => string;

const THEME_TEXTS: Record<PoleKey, { title: string; texts: readonly Words[] }> = {
  'sociability:reserved': {
    title: 'A private heart',
    texts: [
      (f) => `${f} point the same way: you let people in slowly, and the ones you let in, you keep.`,
      (f) => `${f} speak of a guarded warmth that is given late and given for good.`,
    ],
  },
  'sociability:open': {
    title: 'An open door',
    texts: [
      (f) => `${f} speak of an open hand: you warm to people quickly and make room for them.`,
      (f) => `${f} point to a welcoming nature; new people rarely stay strangers to you for long.`,
    ],
  },
  'pace:restless': {
    title: 'A need to move',
    texts: [
      (f) =>
        `${f} tell of someone who needs movement and variety; a life that stands still tires you more than hard work.`,
      (f) => `${f} speak of a restless streak: change refreshes you where it would unsettle others.`,
    ],
  },
  'pace:steady': {
    title: 'A steady rhythm',
    texts: [
      (f) =>
        `${f} describe a steady rhythm: you do best with a settled pattern and keep going long after a first burst fades.`,
      (f) => `${f} speak of constancy; routines that would bore others are where you gather strength.`,
    ],
  },
  'mind:practical': {
    title: 'A practical mind',
    texts: [
      (f) => `${f} show a practical mind that trusts what works and builds from there, step by step.`,
      (f) => `${f} point to good sense: you would rather test an idea than admire it.`,
    ],
  },
  'mind:imaginative': {
    title: 'An imaginative mind',
    texts: [
      (f) => `${f} show a mind that runs on images and possibilities; ideas come to you before plans do.`,
      (f) => `${f} speak of imagination: you see what could be before you see what is.`,
    ],
  },
  'risk:cautious': {
    title: 'Care before commitment',
    texts: [
      (f) => `${f} counsel care: you look before you leap, and your best decisions are the prepared ones.`,
      (f) => `${f} speak of prudence; you would rather be sure than be first.`,
    ],
  },
  'risk:bold': {
    title: 'A taste for bold moves',
    texts: [
      (f) =>
        `${f} lean towards boldness: you back your own judgement and move while others are still weighing.`,
      (f) => `${f} speak of nerve; a calculated risk excites you more than it frightens you.`,
    ],
  },
  'feeling:sensitive': {
    title: 'Finely tuned feelings',
    texts: [
      (f) => `${f} speak of finely tuned feelings: you notice moods and undercurrents that others walk past.`,
      (f) => `${f} point to a sensitive nature that takes in more than it shows.`,
    ],
  },
  'feeling:even': {
    title: 'An even keel',
    texts: [
      (f) => `${f} speak of an even keel: feelings move you without knocking you off course.`,
      (f) => `${f} point to a calm temperament that weathers ups and downs without much fuss.`,
    ],
  },
  'drive:driven': {
    title: 'Staying power',
    texts: [
      (f) => `${f} speak of staying power: once you set a goal, you tend to see it through.`,
      (f) => `${f} point to a strong will; what you take on, you carry to the end.`,
    ],
  },
  'drive:easygoing': {
    title: 'A light touch',
    texts: [
      (f) => `${f} suggest a light touch: you work best with freedom and agreement rather than force.`,
      (f) =>
        `${f} speak of flexibility; you bend where others would break, and you rarely push harder than needed.`,
    ],
  },
};

/** Two poles of different axes that agree in kind: a theme for a hand whose features each take one. */
interface Kindred {
  poles: readonly [PoleKey, PoleKey];
  title: string;
  text: Words;
}
const KINDRED_POLES: readonly Kindred[] = [
  {
    poles: ['pace:steady', 'risk:cautious'],
    title: 'Slow and sure',
    text: (f) => `${f} make a careful pair: a steady pace, and a wish to be sure before you commit.`,
  },
  {
    poles: ['pace:restless', 'risk:bold'],
    title: 'Quick to move',
    text: (f) => `${f} together speak of someone quick to move and ready to take a chance.`,
  },
  {
    poles: ['sociability:open', 'feeling:sensitive'],
    title: 'A warm, attuned heart',
    text: (f) => `${f} tell of warmth with fine antennae: you reach out, and you notice how it lands.`,
  },
  {
    poles: ['sociability:reserved', 'feeling:sensitive'],
    title: 'Quiet depth',
    text: (f) => `${f} speak of quiet depth: you feel much and show it to few.`,
  },
  {
    poles: ['mind:practical', 'risk:cautious'],
    title: 'Feet on the ground',
    text: (f) => `${f} keep your feet on the ground: you trust what is proven and plan before you act.`,
  },
  {
    poles: ['mind:imaginative', 'risk:bold'],
    title: 'Vision with nerve',
    text: (f) => `${f} pair vision with nerve: you see a possibility and are willing to try it.`,
  },
  {
    poles: ['drive:driven', 'pace:steady'],
    title: 'The long haul',
    text: (f) => `${f} are built for the long haul: steady effort, carried through to the end.`,
  },
  {
    poles: ['drive:driven', 'risk:bold'],
    title: 'Drive',
    text: (f) => `${f} speak of drive: you set your sights high and go after them.`,
  },
  {
    poles: ['mind:practical', 'feeling:even'],
    title: 'Level-headed',
    text: (f) => `${f} make for a level head: good sense, and the calm to use it.`,
  },
  {
    poles: ['mind:imaginative', 'feeling:sensitive'],
    title: 'A rich inner world',
    text: (f) => `${f} point to a rich inner world of images, moods and ideas.`,
  },
  {
    poles: ['sociability:open', 'pace:restless'],
    title: 'Out in the world',
    text: (f) => `${f} draw you out into the world, towards new people and new places.`,
  },
  {
    poles: ['sociability:reserved', 'pace:steady'],
    title: 'Rooted',
    text: (f) => `${f} speak of rootedness: a close circle, a settled home and habits that hold.`,
  },
  {
    poles: ['drive:easygoing', 'sociability:open'],
    title: 'Easy company',
    text: (f) => `${f} make you easy company: relaxed, open and rarely pushy.`,
  },
  {
    poles: ['drive:easygoing', 'feeling:even'],
    title: 'Unhurried',
    text: (f) => `${f} speak of an unhurried nature that takes life as it comes.`,
  },
  {
    poles: ['risk:cautious', 'feeling:even'],
    title: 'Measured',
    text: (f) => `${f} describe a measured way of meeting life: calm, careful and hard to rush.`,
  },
  {
    poles: ['mind:imaginative', 'drive:easygoing'],
    title: 'A free-ranging mind',
    text: (f) =>
      `${f} speak of a mind that roams freely: ideas come easily, and they grow best when nothing forces the pace.`,
  },
  {
    poles: ['mind:imaginative', 'risk:cautious'],
    title: 'Dreams with a plan',
    text: (f) =>
      `${f} pair imagination with care: you dream widely, then test the dream before you stake anything on it.`,
  },
  {
    poles: ['mind:imaginative', 'drive:driven'],
    title: 'A vision pursued',
    text: (f) => `${f} join imagination to will: once an idea takes hold, you work at it until it is real.`,
  },
  {
    poles: ['mind:imaginative', 'sociability:reserved'],
    title: 'A private imagination',
    text: (f) => `${f} point to an inner world rich in ideas that you show to few people.`,
  },
  {
    poles: ['mind:imaginative', 'sociability:open'],
    title: 'Ideas in company',
    text: (f) => `${f} speak of a mind that comes alive in company: your ideas grow when you share them.`,
  },
  {
    poles: ['mind:imaginative', 'pace:restless'],
    title: 'A roving mind',
    text: (f) => `${f} tell of a mind that likes new ground: fresh ideas and fresh places feed each other.`,
  },
  {
    poles: ['mind:imaginative', 'pace:steady'],
    title: 'Ideas given time',
    text: (f) => `${f} speak of imagination given time: ideas that ripen slowly and are carried through.`,
  },
  {
    poles: ['mind:practical', 'drive:driven'],
    title: 'Getting things done',
    text: (f) => `${f} speak of a practical will: you see what needs doing, and you see it through.`,
  },
  {
    poles: ['mind:practical', 'risk:bold'],
    title: 'A doer',
    text: (f) => `${f} describe a doer: you trust what works and are not afraid to try it.`,
  },
  {
    poles: ['mind:practical', 'pace:steady'],
    title: 'Step by step',
    text: (f) => `${f} speak of a builder’s way: practical steps, taken steadily.`,
  },
  {
    poles: ['mind:practical', 'drive:easygoing'],
    title: 'Plain good sense',
    text: (f) =>
      `${f} speak of plain good sense carried lightly: you do what works without making a fight of it.`,
  },
  {
    poles: ['drive:driven', 'sociability:reserved'],
    title: 'Quiet determination',
    text: (f) => `${f} speak of quiet determination: you keep your plans to yourself and carry them out.`,
  },
  {
    poles: ['drive:driven', 'sociability:open'],
    title: 'Bringing others along',
    text: (f) => `${f} speak of an energy that draws people in: you set a course and bring others with you.`,
  },
  {
    poles: ['drive:driven', 'risk:cautious'],
    title: 'Careful persistence',
    text: (f) => `${f} join care to persistence: you prepare well, and then you do not let go.`,
  },
  {
    poles: ['drive:driven', 'feeling:sensitive'],
    title: 'Heart in the work',
    text: (f) => `${f} speak of feeling put to work: what moves you, you pursue.`,
  },
  {
    poles: ['drive:driven', 'feeling:even'],
    title: 'A cool, firm will',
    text: (f) => `${f} speak of a cool head and a firm will.`,
  },
  {
    poles: ['drive:easygoing', 'sociability:reserved'],
    title: 'Quiet ease',
    text: (f) => `${f} speak of a quiet, unforced nature: you keep your own counsel and your own pace.`,
  },
  {
    poles: ['drive:easygoing', 'risk:cautious'],
    title: 'Waiting for the moment',
    text: (f) =>
      `${f} speak of a careful, unhurried way: you would rather wait for the right moment than force one.`,
  },
  {
    poles: ['drive:easygoing', 'feeling:sensitive'],
    title: 'A gentle touch',
    text: (f) => `${f} speak of gentleness: you feel much and push little.`,
  },
  {
    poles: ['drive:easygoing', 'pace:restless'],
    title: 'Free to roam',
    text: (f) => `${f} speak of a free spirit: you follow what interests you and let the rest go.`,
  },
  {
    poles: ['drive:easygoing', 'pace:steady'],
    title: 'Calm and constant',
    text: (f) => `${f} speak of a calm, constant nature that keeps going without strain.`,
  },
  {
    poles: ['risk:bold', 'sociability:open'],
    title: 'Meeting life head-on',
    text: (f) => `${f} speak of an outgoing nerve: you meet new people and new chances head-on.`,
  },
  {
    poles: ['risk:bold', 'sociability:reserved'],
    title: 'A quiet nerve',
    text: (f) => `${f} speak of a quiet nerve: you decide on your own and act without announcing it.`,
  },
  {
    poles: ['risk:bold', 'feeling:sensitive'],
    title: 'Daring from the heart',
    text: (f) => `${f} speak of chances taken for what moves you.`,
  },
  {
    poles: ['risk:bold', 'pace:steady'],
    title: 'Nerve and constancy',
    text: (f) => `${f} pair nerve with constancy: you take your chance, then hold your ground.`,
  },
  {
    poles: ['risk:bold', 'feeling:even'],
    title: 'A calm nerve',
    text: (f) => `${f} speak of nerve with a cool head: you take a risk without losing your balance.`,
  },
  {
    poles: ['risk:cautious', 'sociability:reserved'],
    title: 'Guarded',
    text: (f) => `${f} speak of a guarded nature: slow to trust, slow to commit, and steady once you do.`,
  },
  {
    poles: ['risk:cautious', 'sociability:open'],
    title: 'Warmth with judgement',
    text: (f) =>
      `${f} speak of warmth with good judgement: you welcome people and think twice before you commit.`,
  },
  {
    poles: ['risk:cautious', 'feeling:sensitive'],
    title: 'A careful heart',
    text: (f) => `${f} speak of a careful heart: you sense a great deal and commit slowly.`,
  },
  {
    poles: ['risk:cautious', 'pace:restless'],
    title: 'Change, looked at first',
    text: (f) =>
      `${f} speak of a wish for change held by good sense: you move, but only once you have looked ahead.`,
  },
  {
    poles: ['feeling:sensitive', 'pace:steady'],
    title: 'Deep and steady',
    text: (f) => `${f} speak of deep feeling kept steady by habit and routine.`,
  },
  {
    poles: ['feeling:sensitive', 'pace:restless'],
    title: 'Moved by the new',
    text: (f) => `${f} speak of a feeling nature that new places and faces stir.`,
  },
  {
    poles: ['feeling:even', 'sociability:open'],
    title: 'Easy warmth',
    text: (f) => `${f} speak of a calm warmth that puts people at ease.`,
  },
  {
    poles: ['feeling:even', 'sociability:reserved'],
    title: 'Calm reserve',
    text: (f) => `${f} speak of a calm, private nature that is hard to ruffle.`,
  },
  {
    poles: ['feeling:even', 'pace:steady'],
    title: 'Even and steady',
    text: (f) => `${f} speak of steadiness in feeling and in pace alike.`,
  },
  {
    poles: ['feeling:even', 'pace:restless'],
    title: 'Calm on the move',
    text: (f) => `${f} speak of a calm that travels well: you take change in your stride.`,
  },
  {
    poles: ['sociability:open', 'pace:steady'],
    title: 'Warmth that lasts',
    text: (f) => `${f} speak of warmth that lasts: you welcome people and stay with them.`,
  },
  {
    poles: ['sociability:reserved', 'pace:restless'],
    title: 'A private wanderer',
    text: (f) => `${f} speak of someone who likes to move on their own terms: new places, chosen company.`,
  },
  {
    poles: ['mind:practical', 'sociability:open'],
    title: 'Sensible company',
    text: (f) => `${f} speak of good sense that people lean on: practical, and easy to turn to.`,
  },
  {
    poles: ['mind:practical', 'sociability:reserved'],
    title: 'Quiet competence',
    text: (f) => `${f} speak of quiet competence: you get on with what works and need no audience for it.`,
  },
  {
    poles: ['mind:practical', 'feeling:sensitive'],
    title: 'Sense and feeling',
    text: (f) =>
      `${f} pair good sense with fine feeling: you notice how things land and what will actually work.`,
  },
  {
    poles: ['mind:imaginative', 'feeling:even'],
    title: 'A calm imagination',
    text: (f) => `${f} speak of imagination with a steady hand: ideas come freely without unsettling you.`,
  },
  {
    poles: ['mind:practical', 'pace:restless'],
    title: 'Practical on the move',
    text: (f) => `${f} speak of a practical mind that likes variety: you learn by doing, in many places.`,
  },
];

/** A tension told as a theme: a title that holds both sides. */
const TENSION_TITLES: Record<AssertionAxis, string> = {
  sociability: 'A selective warmth',
  pace: 'Two speeds',
  mind: 'Dreams put to the test',
  risk: 'Boldness after homework',
  feeling: 'Calmly carried feeling',
  drive: 'Effort where it counts',
};

/** One sentence that holds both sides of an axis: neither pole is stated alone. */
const TENSION_TEXTS: Record<AssertionAxis, readonly ((a: string, b: string) => string)[]> = {
  sociability: [
    (a, b) =>
      `${a} and ${b} pull in two directions, and both are true of you: warm and open once you trust, slower to let a stranger in.`,
    (a, b) => `${a} says welcome while ${b} says wait, so you are friendly to many and close to few.`,
  ],
  pace: [
    (a, b) =>
      `${a} and ${b} pull two ways: a restless streak and a love of routine live side by side, and you do best when a steady base leaves room for change.`,
    (a, b) =>
      `Between ${a.charAt(0).toLowerCase() + a.slice(1)} and ${b} you keep two speeds, one for settling in and one for moving on.`,
  ],
  mind: [
    (a, b) =>
      `${a} and ${b} pull two ways: imagination and good sense both have a say in you, and your best ideas are the ones that pass both.`,
    (a, b) => `${a} dreams where ${b} checks, and an idea that survives both is usually a good one.`,
  ],
  risk: [
    (a, b) =>
      `${a} and ${b} pull two ways: a bold streak sits beside a careful one, so you act boldly once you have done your homework.`,
    (a, b) => `${a} and ${b} hold each other in check: you take risks, but rarely blind ones.`,
  ],
  feeling: [
    (a, b) =>
      `${a} and ${b} pull two ways: you feel things keenly, yet they rarely knock you off balance for long.`,
    (a, b) => `${a} and ${b} together describe deep feeling carried calmly.`,
  ],
  drive: [
    (a, b) =>
      `${a} and ${b} pull two ways: you push hard for what matters to you and let the rest go lightly.`,
    (a, b) => `${a} and ${b} meet halfway: determined where it counts, relaxed where it does not.`,
  ],
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface FeatureSupport {
  feature: string;
  words: string;
  weight: number;
}

/**
 * Tells the reading's story from every fired finding, strongest first. Each feature is read in one
 * section (`oneAreaPerFeature`); where the stated findings take both poles of an axis, the side
 * with the stronger findings stays, the other side's findings yield, and one sentence names both.
 */
export function tellStory(
  fired: readonly Finding[],
  observation: PalmObservation,
  profile: PalmProfile,
  traits: PalmTraits,
  choose: PhraseChooser,
): ReadingStory {
  const placed = oneAreaPerFeature([...fired].sort(byStrength));
  const wordsOf = (finding: Finding) => {
    const features = featuresOf(finding);
    // The hand's element is named as the tradition names it; every other feature as the sections do.
    if (features.length === 1 && features[0] === 'handType' && traits.handType)
      return `your ${TATTVA_LABELS[traits.handType]} hand`;
    const [words] = sectionFeatures([], features, traits, observation);
    return words && asYours(words);
  };
  const settled = settleAssertions(placed);
  const yielded = new Set(settled.yielded);
  const tensions: Tension[] = [];
  for (const { axis, kept, lost } of settled.pulls) {
    const keptWords = wordsOf(kept);
    const lostWords = wordsOf(lost);
    if (keptWords && lostWords && keptWords !== lostWords)
      tensions.push({
        axis,
        area: kept.area,
        features: [keptWords, lostWords],
        sentence: choose.pick(TENSION_TEXTS[axis], `tension.${axis}`)(capitalised(keptWords), lostWords),
      });
  }
  const findings = placed.filter((finding) => !yielded.has(finding));
  const stated = new Set(findings.flatMap((finding) => polesOf(finding.asserts)));
  const opposed = new Set(
    [...yielded].flatMap((finding) => polesOf(finding.asserts)).filter((pole) => !stated.has(pole)),
  );
  const { themes, poles, polesByTheme } = themesOf(
    fired,
    stated,
    opposed,
    profile,
    observation,
    wordsOf,
    choose,
  );
  // Where this hand pulls two ways, the pull ties two of its features: a theme in its own right
  // for a hand with few features that agree, said there once instead of in its section.
  for (const tension of tensions) {
    if (themes.length >= MIN_THEMES) break;
    const [kept, lost] = tension.features;
    tension.themed = true;
    themes.push({ title: TENSION_TITLES[tension.axis], text: tension.sentence, features: [kept, lost] });
    polesByTheme.push([]);
  }
  // The themes are heard one after another: a line named in full in one is named plainly in the next.
  const texts = namedOnce(
    themes.map((theme) => theme.text),
    themes.flatMap((theme) => theme.features),
  );
  return {
    findings,
    yielded: [...yielded],
    tensions,
    themes: themes.map((theme, i) => ({ ...theme, text: texts[i]! })),
    themePoles: poles,
    polesByTheme,
  };
}

/** Where the hand pulls both ways on an axis: the strongest finding of each side. */
interface Pull {
  axis: AssertionAxis;
  kept: Finding;
  lost: Finding;
}

/**
 * The findings a reading may state, strongest first: on each axis where they take both poles, the
 * side with the greater total strength stays and every finding of the other side yields.
 */
export function settleAssertions(placed: readonly Finding[]): {
  findings: Finding[];
  yielded: Finding[];
  pulls: Pull[];
} {
  const yielded = new Set<Finding>();
  const pulls: Pull[] = [];
  for (const axis of AXES) {
    const [first, second] = ASSERTION_AXES[axis];
    const side = (pole: string) =>
      placed.filter((finding) => !yielded.has(finding) && finding.asserts?.[axis] === pole);
    const a = side(first);
    const b = side(second);
    if (a.length === 0 || b.length === 0) continue;
    const strength = (findings: Finding[]) => findings.reduce((sum, finding) => sum + finding.score, 0);
    const [kept, lost] = strength(a) >= strength(b) ? [a, b] : [b, a];
    for (const finding of lost) yielded.add(finding);
    pulls.push({ axis, kept: kept[0]!, lost: lost[0]! });
  }
  return { findings: placed.filter((finding) => !yielded.has(finding)), yielded: [...yielded], pulls };
}

/**
 * 3–5 themes, strongest first: for each pole this hand's findings take (never one that yielded in
 * a tension, never the opposite of one stated), the most distinctive features that support it,
 * two or three to a theme, each feature in one theme where the hand allows.
 */
function themesOf(
  fired: readonly Finding[],
  stated: ReadonlySet<PoleKey>,
  opposed: ReadonlySet<PoleKey>,
  profile: PalmProfile,
  observation: PalmObservation,
  wordsOf: (finding: Finding) => string | undefined,
  choose: PhraseChooser,
): { themes: ReadingTheme[]; poles: PoleKey[]; polesByTheme: PoleKey[][] } {
  const statedAxes = new Map([...stated].map((pole) => [pole.split(':')[0], pole]));
  const support = new Map<PoleKey, FeatureSupport[]>();
  for (const finding of fired) {
    const words = wordsOf(finding);
    if (!words) continue;
    const weight = Math.max(0, ...featuresOf(finding).map((f) => distinctiveness(f, profile, observation)));
    for (const pole of polesOf(finding.asserts)) {
      const axis = pole.split(':')[0];
      if (opposed.has(pole) || (statedAxes.has(axis) && statedAxes.get(axis) !== pole)) continue;
      const list = support.get(pole) ?? [];
      const feature = featuresOf(finding).join('+');
      const same = list.find((item) => item.words === words);
      if (same) same.weight = Math.max(same.weight, weight);
      else list.push({ feature, words, weight });
      support.set(pole, list);
    }
  }
  const ranked = [...support]
    .map(([pole, features]) => ({ pole, features: features.sort((x, y) => y.weight - x.weight) }))
    .filter(({ features }) => features.length >= 2)
    .sort((x, y) => score(y.features) - score(x.features) || (x.pole < y.pole ? -1 : 1));
  const used = new Set<string>();
  const picked: {
    poles: PoleKey[];
    features: FeatureSupport[];
    text: (features: string) => string;
    title: string;
  }[] = [];
  const axesTaken = () => new Set(picked.flatMap((theme) => theme.poles.map((pole) => pole.split(':')[0])));
  // First pass: features not told yet; then, for a hand with few distinct features, any.
  for (const fresh of [true, false]) {
    for (const { pole, features } of ranked) {
      // Features told again fill the story up to three themes, no further: past that they repeat it.
      const full = picked.length === (fresh ? MAX_THEMES : MIN_THEMES);
      if (full || axesTaken().has(pole.split(':')[0])) continue;
      const usable = fresh ? features.filter((item) => !used.has(item.words)) : features;
      if (!twoFeatures(usable)) continue;
      const chosen = usable.slice(0, FEATURES_PER_THEME);
      for (const item of chosen) used.add(item.words);
      const { title, texts } = THEME_TEXTS[pole];
      picked.push({ poles: [pole], features: chosen, title, text: choose.pick(texts, `theme.${pole}`) });
    }
    if (picked.length >= MIN_THEMES) break;
  }
  // A hand whose features each speak to one pole still tells a story where two of them agree in kind.
  // Last, two poles whose axes earlier themes already speak to, paired anew: still this hand's
  // own features, and still only poles the reading states.
  for (const [fresh, newAxis] of [
    [true, true],
    [false, true],
    [false, false],
  ] as const) {
    if (picked.length >= MIN_THEMES) break;
    const pairs = KINDRED_POLES.map((kin) => {
      // The second pass lets a feature already told join a new pair: a hand with few features
      // still ties two of them in a new way rather than opening with fewer themes.
      const [a, b] = kin.poles.map((pole) =>
        (support.get(pole) ?? []).filter((item) => !fresh || !used.has(item.words)),
      );
      const first = a?.[0];
      const said = new Set(picked.flatMap((theme) => theme.poles));
      // The same two features tie again only in the last pass, and only to say something new of them.
      const sameTwo = (item: FeatureSupport) =>
        picked.some((theme) =>
          [first?.words, item.words].every((words) => theme.features.some((f) => f.words === words)),
        );
      const second = b?.find(
        (item) =>
          item.words !== first?.words &&
          first !== undefined &&
          twoFeatures([first, item]) &&
          (!sameTwo(item) || (!newAxis && kin.poles.some((pole) => !said.has(pole)))),
      );
      return { kin, chosen: first && second ? [first, second] : undefined };
    })
      .filter((pair): pair is { kin: Kindred; chosen: FeatureSupport[] } => pair.chosen !== undefined)
      .sort((x, y) => score(y.chosen) - score(x.chosen) || (x.kin.title < y.kin.title ? -1 : 1));
    for (const { kin, chosen } of pairs) {
      if (picked.length >= MIN_THEMES) break;
      // One of the two may share an axis with an earlier theme (never its opposite pole: only
      // poles this reading states have support), so a hand with few poles still ties its features.
      const taken = axesTaken();
      if (newAxis && kin.poles.every((pole) => taken.has(pole.split(':')[0]))) continue;
      if (picked.some((theme) => theme.title === kin.title)) continue;
      // An axis the findings leave open is still said one way only: never both poles across themes.
      const said = picked.flatMap((theme) => theme.poles);
      const opposes = (pole: PoleKey) =>
        said.some((other) => other !== pole && other.split(':')[0] === pole.split(':')[0]);
      if (kin.poles.some(opposes)) continue;
      if (fresh && chosen.some((item) => used.has(item.words))) continue;
      for (const item of chosen) used.add(item.words);
      picked.push({ poles: [...kin.poles], features: chosen, title: kin.title, text: kin.text });
    }
  }
  const themes = picked.map(({ features, title, text }) => {
    const words = features.map((item) => item.words);
    return { title, text: text(capitalised(featureList(words))), features: words };
  });
  return {
    themes,
    poles: picked.flatMap(({ poles }) => poles),
    polesByTheme: picked.map(({ poles }) => [...poles]),
  };
}

/** A theme ties at least two features, as said: a thumb's length and opening are said as one thumb. */
const twoFeatures = (features: readonly FeatureSupport[]) =>
  features.length >= 2 &&
  featureList(features.slice(0, FEATURES_PER_THEME).map((item) => item.words)).includes(' and ');

const score = (features: readonly FeatureSupport[]) =>
  features.slice(0, FEATURES_PER_THEME).reduce((sum, item) => sum + item.weight, 0);

/** What a reading states on the assertion axes: its findings' poles and its themes'. */
export function statedPoles(story: ReadingStory): Assertions[] {
  const fromThemes = story.themePoles.map((pole) => {
    const [axis, value] = pole.split(':') as [AssertionAxis, string];
    return { [axis]: value };
  });
  return [...story.findings.flatMap((finding) => (finding.asserts ? [finding.asserts] : [])), ...fromThemes];
}

/** The axes a story states both ways: empty for every reading the narrator writes. */
export const contradictionsIn = (story: ReadingStory): AssertionAxis[] => opposingAxes(statedPoles(story));
