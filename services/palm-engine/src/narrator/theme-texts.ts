import type { AssertionAxis, PoleKey } from '../rules/assertions';

/**
 * The words of the reading's opening themes: for each pole a hand's features can take, its
 * sentences and titles; for two poles that agree in kind, one sentence that ties them; and for an
 * axis where this hand pulls both ways, a sentence that holds both sides.
 */

/**
 * A theme's sentence, with this hand's features as its subject ("Your long fingers and your water
 * hand speak of …"), written for several features: `themeSentence` words it for one.
 */
export type Words = (features: string) => string;

export const THEME_TEXTS: Record<PoleKey, { title: string; texts: readonly Words[] }> = {
  'sociability:reserved': {
    title: 'A private heart',
    texts: [
      (f) => `In ${f} there is a private heart: you let people in slowly, and the ones you let in, you keep.`,
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
export interface Kindred {
  poles: readonly [PoleKey, PoleKey];
  title: string;
  text: Words;
}
export const KINDRED_POLES: readonly Kindred[] = [
  {
    poles: ['pace:steady', 'risk:cautious'],
    title: 'Slow and sure',
    text: (f) => `${f} set a careful pace: steady, and sure before you commit.`,
  },
  {
    poles: ['pace:restless', 'risk:bold'],
    title: 'Quick to move',
    text: (f) => `${f} belong to someone quick to move and ready to take a chance.`,
  },
  {
    poles: ['sociability:open', 'feeling:sensitive'],
    title: 'A warm, attuned heart',
    text: (f) => `${f} tell of warmth with fine antennae: you reach out, and you notice how it lands.`,
  },
  {
    poles: ['sociability:reserved', 'feeling:sensitive'],
    title: 'Quiet depth',
    text: (f) => `There is quiet depth in ${f}: you feel much and show it to few.`,
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
    text: (f) => `${f} belong to someone rooted: a close circle, a settled home and habits that hold.`,
  },
  {
    poles: ['drive:easygoing', 'sociability:open'],
    title: 'Easy company',
    text: (f) => `${f} make you easy company: relaxed, open and rarely pushy.`,
  },
  {
    poles: ['drive:easygoing', 'feeling:even'],
    title: 'Unhurried',
    text: (f) => `In ${f} there is an unhurried nature that takes life as it comes.`,
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
    text: (f) => `${f} give you a mind that comes alive in company: your ideas grow when you share them.`,
  },
  {
    poles: ['mind:imaginative', 'pace:restless'],
    title: 'A roving mind',
    text: (f) => `${f} tell of a mind that likes new ground: fresh ideas and fresh places feed each other.`,
  },
  {
    poles: ['mind:imaginative', 'pace:steady'],
    title: 'Ideas given time',
    text: (f) => `In ${f}, imagination is given time: ideas ripen slowly and are carried through.`,
  },
  {
    poles: ['mind:practical', 'drive:driven'],
    title: 'Getting things done',
    text: (f) => `${f} mark a practical will: you see what needs doing, and you see it through.`,
  },
  {
    poles: ['mind:practical', 'risk:bold'],
    title: 'A doer',
    text: (f) => `${f} describe a doer: you trust what works and are not afraid to try it.`,
  },
  {
    poles: ['mind:practical', 'pace:steady'],
    title: 'Step by step',
    text: (f) => `A builder’s way shows in ${f}: practical steps, taken steadily.`,
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
    text: (f) => `Behind ${f} lies quiet determination: you keep your plans to yourself and carry them out.`,
  },
  {
    poles: ['drive:driven', 'sociability:open'],
    title: 'Bringing others along',
    text: (f) => `${f} carry an energy that draws people in: you set a course and bring others with you.`,
  },
  {
    poles: ['drive:driven', 'risk:cautious'],
    title: 'Careful persistence',
    text: (f) => `${f} join care to persistence: you prepare well, and then you do not let go.`,
  },
  {
    poles: ['drive:driven', 'feeling:sensitive'],
    title: 'Heart in the work',
    text: (f) => `With ${f}, feeling is put to work: what moves you, you pursue.`,
  },
  {
    poles: ['drive:driven', 'feeling:even'],
    title: 'A cool, firm will',
    text: (f) => `${f} give you a cool head and a firm will.`,
  },
  {
    poles: ['drive:easygoing', 'sociability:reserved'],
    title: 'Quiet ease',
    text: (f) => `There is a quiet, unforced nature in ${f}: you keep your own counsel and your own pace.`,
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
    text: (f) => `Gentleness shows in ${f}: you feel much and push little.`,
  },
  {
    poles: ['drive:easygoing', 'pace:restless'],
    title: 'Free to roam',
    text: (f) => `${f} belong to a free spirit: you follow what interests you and let the rest go.`,
  },
  {
    poles: ['drive:easygoing', 'pace:steady'],
    title: 'Calm and constant',
    text: (f) => `In ${f} there is a calm, constant nature that keeps going without strain.`,
  },
  {
    poles: ['risk:bold', 'sociability:open'],
    title: 'Meeting life head-on',
    text: (f) => `${f} give you an outgoing nerve: you meet new people and new chances head-on.`,
  },
  {
    poles: ['risk:bold', 'sociability:reserved'],
    title: 'A quiet nerve',
    text: (f) => `${f} speak of a quiet nerve: you decide on your own and act without announcing it.`,
  },
  {
    poles: ['risk:bold', 'feeling:sensitive'],
    title: 'Daring from the heart',
    text: (f) => `With ${f}, you take your chances for what moves you.`,
  },
  {
    poles: ['risk:bold', 'pace:steady'],
    title: 'Nerve and constancy',
    text: (f) => `${f} pair nerve with constancy: you take your chance, then hold your ground.`,
  },
  {
    poles: ['risk:bold', 'feeling:even'],
    title: 'A calm nerve',
    text: (f) => `In ${f}, nerve meets a cool head: you take a risk without losing your balance.`,
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
    text: (f) => `${f} belong to a careful heart: you sense a great deal and commit slowly.`,
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
    text: (f) => `In ${f}, deep feeling is kept steady by habit and routine.`,
  },
  {
    poles: ['feeling:sensitive', 'pace:restless'],
    title: 'Moved by the new',
    text: (f) => `${f} mark a feeling nature that new places and faces stir.`,
  },
  {
    poles: ['feeling:even', 'sociability:open'],
    title: 'Easy warmth',
    text: (f) => `A calm warmth that puts people at ease shows in ${f}.`,
  },
  {
    poles: ['feeling:even', 'sociability:reserved'],
    title: 'Calm reserve',
    text: (f) => `${f} speak of a calm, private nature that is hard to ruffle.`,
  },
  {
    poles: ['feeling:even', 'pace:steady'],
    title: 'Even and steady',
    text: (f) => `${f} give you steadiness in feeling and in pace alike.`,
  },
  {
    poles: ['feeling:even', 'pace:restless'],
    title: 'Calm on the move',
    text: (f) => `In ${f} there is a calm that travels well: you take change in your stride.`,
  },
  {
    poles: ['sociability:open', 'pace:steady'],
    title: 'Warmth that lasts',
    text: (f) => `${f} speak of warmth that lasts: you welcome people and stay with them.`,
  },
  {
    poles: ['sociability:reserved', 'pace:restless'],
    title: 'A private wanderer',
    text: (f) => `${f} belong to someone who likes to move on their own terms: new places, chosen company.`,
  },
  {
    poles: ['mind:practical', 'sociability:open'],
    title: 'Sensible company',
    text: (f) => `There is good sense in ${f} that people lean on: practical, and easy to turn to.`,
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
    text: (f) => `In ${f}, imagination has a steady hand: ideas come freely without unsettling you.`,
  },
  {
    poles: ['drive:driven', 'pace:restless'],
    title: 'Restless ambition',
    text: (f) => `${f} join drive to restlessness: you chase a goal hard, then look for the next one.`,
  },
  {
    poles: ['drive:easygoing', 'risk:bold'],
    title: 'Relaxed daring',
    text: (f) => `With ${f}, you take your chances lightly: a bold move, made without strain.`,
  },
  {
    poles: ['mind:practical', 'pace:restless'],
    title: 'Practical on the move',
    text: (f) => `${f} mark a practical mind that likes variety: you learn by doing, in many places.`,
  },
];

/**
 * A leaning a feature adds beside one an earlier theme has told: what the theme calls it when it
 * refers back ("the will in your long thumb"), the word its title gives it, and what the new
 * feature adds, with what that means for the person.
 */
export interface Referred {
  /** The leaning referred back to: "the will" in "Beside the will in your long thumb". */
  noun: string;
  /** The leaning in a title: "Will and feeling". */
  title: string;
  /** What a feature adds: "quiet depth". */
  added: string;
  meaning: string;
}
export const REFERRED: Record<PoleKey, Referred> = {
  'sociability:reserved': {
    noun: 'the reserve',
    title: 'reserve',
    added: 'a private heart',
    meaning:
      'you let people in slowly, and the ones you let in, you keep; trust, once given, is given for good',
  },
  'sociability:open': {
    noun: 'the warmth',
    title: 'warmth',
    added: 'a welcoming nature',
    meaning:
      'you warm to people quickly and make room for them, and a newcomer rarely stays a stranger for long',
  },
  'pace:restless': {
    noun: 'the restlessness',
    title: 'restlessness',
    added: 'a restless streak',
    meaning:
      'change refreshes you where it would unsettle others, and a life that stands still tires you more than hard work',
  },
  'pace:steady': {
    noun: 'the steadiness',
    title: 'constancy',
    added: 'a steady rhythm',
    meaning:
      'you keep going long after a first burst fades, and routines that would bore others are where you gather strength',
  },
  'mind:practical': {
    noun: 'the good sense',
    title: 'sense',
    added: 'a practical streak',
    meaning: 'you would rather test an idea than admire it, and what you build, you build to last',
  },
  'mind:imaginative': {
    noun: 'the imagination',
    title: 'imagination',
    added: 'imagination',
    meaning:
      'you see what could be before you see what is, and your best plans start as pictures in your mind',
  },
  'risk:cautious': {
    noun: 'the care',
    title: 'care',
    added: 'caution',
    meaning:
      'you look before you leap, and your best decisions are the prepared ones, made with something in reserve',
  },
  'risk:bold': {
    noun: 'the nerve',
    title: 'nerve',
    added: 'nerve',
    meaning:
      'a calculated risk excites you more than it frightens you, and you often move while others are still weighing',
  },
  'feeling:sensitive': {
    noun: 'the sensitivity',
    title: 'feeling',
    added: 'finely tuned feelings',
    meaning:
      'you notice moods and undercurrents that others walk past, and often sense how a room feels before anyone speaks',
  },
  'feeling:even': {
    noun: 'the calm',
    title: 'calm',
    added: 'an even keel',
    meaning:
      'feelings move you without knocking you off course, and others lean on that calm when things go wrong',
  },
  'drive:driven': {
    noun: 'the will',
    title: 'will',
    added: 'staying power',
    meaning: 'once you set a goal, you tend to see it through, long after others have let theirs go',
  },
  'drive:easygoing': {
    noun: 'the ease',
    title: 'ease',
    added: 'a light touch',
    meaning: 'you rarely push harder than needed, and agreement gets you further than force ever would',
  },
};

/**
 * A theme that adds one leaning beside one told before: `anchor` is the earlier feature with what
 * it was read for, `adds` the new feature before its verb ("your long fingers add").
 */
export const REFERRING_TEXTS: readonly ((anchor: string, adds: string, referred: Referred) => string)[] = [
  (anchor, adds, { added, meaning }) => `Beside ${anchor}, ${adds} ${added}: ${meaning}.`,
  (anchor, adds, { added, meaning }) => `${adds} ${added} to ${anchor}: ${meaning}.`,
];

/** A tension told as a theme: titles that hold both sides. */
export const TENSION_TITLES: Record<AssertionAxis, readonly string[]> = {
  sociability: ['A selective warmth', 'Friendly to many, close to few'],
  pace: ['Two speeds', 'Roots and wings'],
  mind: ['Dreams put to the test', 'Vision checked by sense'],
  risk: ['Boldness after homework', 'Daring, within limits'],
  feeling: ['Calmly carried feeling', 'Deep water, still surface'],
  drive: ['Effort where it counts', 'Push and let go'],
};

/**
 * One sentence that holds both sides of an axis: neither pole is stated alone. Each text takes the
 * feature on the axis's first pole, then the one on its second (`ASSERTION_AXES`: reserved then
 * open, restless then steady, …), and `says(words, verb)` puts a feature before its verb in the
 * right number ("your long fingers say", "your thumb says").
 */
type Says = (features: string, verb: string) => string;
/**
 * How a tension sentence holds its two sides ("…pull two ways", "…meet halfway", "…while…"): two
 * pulls told in one opening take different frames, so the story does not read as a template.
 */
export type TensionFrame = 'pull' | 'check' | 'halfway' | 'while' | 'where' | 'between' | 'together' | 'each';
type TensionText = { frame: TensionFrame; text: (first: string, second: string, says: Says) => string };
export const TENSION_TEXTS: Record<AssertionAxis, readonly TensionText[]> = {
  sociability: [
    {
      frame: 'pull',
      text: (reserved, open) =>
        `${open} and ${reserved} pull in two directions, and both are true of you: warm and open once you trust, slower to let a stranger in.`,
    },
    {
      frame: 'while',
      text: (reserved, open, says) =>
        `${says(open, 'say')} welcome while ${says(reserved, 'say')} wait, so you are friendly to many and close to few.`,
    },
    {
      frame: 'each',
      text: (reserved, open, says) =>
        `${says(open, 'welcome')} many, and ${says(reserved, 'keep')} your trust for a few: many people like you, and a handful really know you.`,
    },
  ],
  pace: [
    {
      frame: 'pull',
      text: (restless, steady) =>
        `${restless} and ${steady} pull two ways: a restless streak and a love of routine live side by side, and you do best when a steady base leaves room for change.`,
    },
    {
      frame: 'between',
      text: (restless, steady) =>
        `Between ${steady} and ${restless} you keep two speeds, one for settling in and one for moving on.`,
    },
    {
      frame: 'while',
      text: (restless, steady, says) =>
        `${says(steady, 'keep')} you rooted while ${says(restless, 'keep')} you curious, so a settled home with room for change suits you best.`,
    },
  ],
  mind: [
    {
      frame: 'pull',
      text: (practical, imaginative) =>
        `${imaginative} and ${practical} pull two ways: imagination and good sense both have a say in you, and your best ideas are the ones that pass both.`,
    },
    {
      frame: 'where',
      text: (practical, imaginative, says) =>
        `${says(imaginative, 'dream')} where ${says(practical, 'check')}, and an idea that survives both is usually a good one.`,
    },
    {
      frame: 'halfway',
      text: (practical, imaginative) =>
        `${imaginative} and ${practical} meet halfway: you let an idea run free, then test it against the facts.`,
    },
  ],
  risk: [
    {
      frame: 'pull',
      text: (cautious, bold) =>
        `${bold} and ${cautious} pull two ways: a bold streak sits beside a careful one, so you act boldly once you have done your homework.`,
    },
    {
      frame: 'check',
      text: (cautious, bold) =>
        `${bold} and ${cautious} hold each other in check: you take risks, but rarely blind ones.`,
    },
    {
      frame: 'while',
      text: (cautious, bold, says) =>
        `${says(bold, 'urge')} you on while ${says(cautious, 'ask')} for a second look, so the chances you take are taken with open eyes.`,
    },
  ],
  feeling: [
    {
      frame: 'pull',
      text: (sensitive, even) =>
        `${sensitive} and ${even} pull two ways: you feel things keenly, yet they rarely knock you off balance for long.`,
    },
    {
      frame: 'together',
      text: (sensitive, even) => `${sensitive} and ${even} together describe deep feeling carried calmly.`,
    },
    {
      frame: 'where',
      text: (sensitive, even, says) =>
        `${says(sensitive, 'feel')} deeply where ${says(even, 'keep')} you level, so what moves you rarely carries you away.`,
    },
  ],
  drive: [
    {
      frame: 'pull',
      text: (driven, easygoing) =>
        `${driven} and ${easygoing} pull two ways: you push hard for what matters to you and let the rest go lightly.`,
    },
    {
      frame: 'halfway',
      text: (driven, easygoing) =>
        `${driven} and ${easygoing} meet halfway: determined where it counts, relaxed where it does not.`,
    },
    {
      frame: 'where',
      text: (driven, easygoing, says) =>
        `${says(driven, 'aim')} high where ${says(easygoing, 'let')} things be: you give your all to what matters and let the rest run its course.`,
    },
  ],
};

/**
 * Where a theme's strongest feature is one of these, its title names the leaning as that feature
 * shows it ("A way with words" for a long little finger, not the "An open door" of every open
 * hand), and its sentence says what the title promises: strangers who share a leaning through
 * different features read different titles and sentences. Families are a feature's kind
 * (`themeFamily`); an element is named with its type ("element.water"). Each sentence opens on
 * the features and a verb, put in number by `themeSentence`.
 */
export const FEATURE_THEMES: Record<
  PoleKey,
  Partial<Record<string, { title: string; texts: readonly Words[] }>>
> = {
  'sociability:open': {
    'element.air': {
      title: 'A meeting of minds',
      texts: [(f) => `${f} speak of a meeting of minds: you make friends through talk and shared ideas.`],
    },
    'element.fire': {
      title: 'Warm by nature',
      texts: [
        (f) => `${f} speak of a warmth that reaches people first: you are often the one who breaks the ice.`,
      ],
    },
    'element.water': {
      title: 'A giving hand',
      texts: [
        (f) =>
          `${f} point to a giving hand: you offer help before it is asked for, and people feel safe with you.`,
      ],
    },
    spacing: {
      title: 'Arms open wide',
      texts: [(f) => `${f} open your arms wide: you let people in easily and make room for them.`],
    },
    thumb: {
      title: 'Open-handed',
      texts: [
        (f) => `${f} speak of an open hand: you give freely and welcome people without keeping score.`,
        (f) => `${f} mark an open-handed nature: what you have, you share, and people sense it.`,
      ],
    },
    little: {
      title: 'A way with words',
      texts: [
        (f) =>
          `${f} speak of a way with words: the right phrase comes easily, and talk is how you make friends.`,
        (f) =>
          `${f} point to a way with words: you talk easily with strangers, and a good conversation lifts your day.`,
      ],
    },
    heart: {
      title: 'A heart with room for many',
      texts: [
        (f) => `${f} speak of a heart with room for many: you love widely and without rationing.`,
        (f) => `${f} point to a heart with room for many: friends and strangers alike find a place in it.`,
      ],
    },
    life: {
      title: 'Life among people',
      texts: [
        (f) => `${f} speak of a life lived among people: company restores you more than solitude does.`,
      ],
    },
    fate: {
      title: 'Helped along by others',
      texts: [
        (f) =>
          `${f} suggest a course helped along by others: the people you meet open doors you could not open alone.`,
      ],
    },
    middle: {
      title: 'Wisdom that stays sociable',
      texts: [(f) => `${f} speak of wisdom that stays sociable: you think deeply and stay easy company.`],
    },
  },
  'sociability:reserved': {
    thumb: {
      title: 'A guarded welcome',
      texts: [
        (f) => `${f} speak of a guarded welcome: you are courteous with everyone and close with very few.`,
      ],
    },
    little: {
      title: 'Words weighed carefully',
      texts: [
        (f) =>
          `${f} speak of words weighed carefully: you say less than you think, and what you say, you mean.`,
        (f) =>
          `${f} point to words chosen with care: you would rather say one true thing than many easy ones.`,
      ],
    },
    heart: {
      title: 'Feelings given carefully',
      texts: [
        (f) => `${f} point to feelings given carefully: you love steadily, once trust has been earned.`,
        (f) => `${f} speak of feelings given with care: slow to open, and loyal once you do.`,
      ],
    },
    life: {
      title: 'A close circle',
      texts: [
        (f) =>
          `${f} speak of a close circle: a few people known well matter more to you than many known a little.`,
      ],
    },
    fingers: {
      title: 'An inward turn',
      texts: [(f) => `${f} show an inward turn: you think things over alone before you share them.`],
    },
    middle: {
      title: 'A serious, private streak',
      texts: [
        (f) =>
          `${f} speak of a serious, private streak: you keep your own counsel and need time alone to think.`,
      ],
    },
    spacing: {
      title: 'Held close',
      texts: [(f) => `${f} speak of keeping what matters close: your trust, your plans and your people.`],
    },
  },
  'pace:restless': {
    'element.fire': {
      title: 'Restless fire',
      texts: [
        (f) =>
          `${f} burn with a restless fire: you need something new to aim at, and sitting still drains you.`,
      ],
    },
    spacing: {
      title: 'Room to roam',
      texts: [(f) => `${f} ask for room to roam: freedom to come and go matters more to you than comfort.`],
    },
    thumb: {
      title: 'Always in motion',
      texts: [(f) => `${f} speak of someone always in motion: you think best while doing.`],
    },
    heart: {
      title: 'Fresh starts',
      texts: [(f) => `${f} speak of a heart that likes fresh starts: new people and new places wake you up.`],
    },
    head: {
      title: 'Changes of course',
      texts: [
        (f) => `${f} suggest a mind that changes course readily: a new idea can turn your plans in a day.`,
      ],
    },
    fate: {
      title: 'A winding road',
      texts: [
        (f) =>
          `${f} point to a winding road: your work may change direction more than once, each turn a lesson.`,
      ],
    },
    life: {
      title: 'Energy that wants moving',
      texts: [
        (f) =>
          `${f} speak of energy that wants moving: a walk or a change of scene does more for you than rest.`,
      ],
    },
  },
  'pace:steady': {
    'element.earth': {
      title: 'Earth’s patience',
      texts: [
        (f) =>
          `${f} carry the earth’s patience: you let things grow in their own time and do not pull at them.`,
      ],
    },
    palm: {
      title: 'Solid ground',
      texts: [
        (f) => `${f} give you solid ground: habits you trust and a pace you can keep for years.`,
        (f) => `${f} keep you on solid ground: you build slowly, and what you build stays up.`,
      ],
    },
    thumb: {
      title: 'Settled ways',
      texts: [(f) => `${f} speak of settled ways: once you find what works, you keep to it.`],
    },
    heart: {
      title: 'Constant affection',
      texts: [
        (f) => `${f} speak of constant affection: your feelings, once given, stay steady through the years.`,
      ],
    },
    life: {
      title: 'Even energy',
      texts: [(f) => `${f} speak of even energy: you last longer at a steady pace than in bursts.`],
    },
    fate: {
      title: 'A steady course',
      texts: [
        (f) => `${f} point to a steady course: your work builds year on year in one direction.`,
        (f) => `${f} speak of a steady course: you keep to one road and go far along it.`,
      ],
    },
  },
  'mind:practical': {
    'element.earth': {
      title: 'Down to earth',
      texts: [(f) => `${f} keep you down to earth: you trust what you can touch, test and count.`],
    },
    palm: {
      title: 'Square-built sense',
      texts: [
        (f) =>
          `${f} speak of square-built sense: you like a problem laid out plainly and solved a step at a time.`,
      ],
    },
    head: {
      title: 'Clear, straight thinking',
      texts: [(f) => `${f} speak of clear, straight thinking: you go to the point and stay there.`],
    },
    heart: {
      title: 'Sense in matters of the heart',
      texts: [
        (f) => `${f} bring sense to matters of the heart: you want a love that also works in daily life.`,
      ],
    },
    fingers: {
      title: 'Hands-on sense',
      texts: [(f) => `${f} speak of hands-on sense: you understand a thing best by doing it.`],
    },
  },
  'mind:imaginative': {
    palm: {
      title: 'Room for ideas',
      texts: [(f) => `${f} make room for ideas: you need space to dream before you settle on a plan.`],
    },
    head: {
      title: 'A mind that ranges wide',
      texts: [(f) => `${f} speak of a mind that ranges wide: one thought leads you to three others.`],
    },
  },
  'risk:cautious': {
    'element.earth': {
      title: 'Earth’s prudence',
      texts: [
        (f) =>
          `${f} carry the earth’s prudence: you build on what is sure and leave a margin for the unexpected.`,
      ],
    },
    index: {
      title: 'Planned ambition',
      texts: [
        (f) => `${f} speak of planned ambition: you aim high, once the ground has been checked.`,
        (f) => `${f} pair ambition with a plan: you want to rise, and you map the way before you start.`,
      ],
    },
    palm: {
      title: 'Sure footing',
      texts: [
        (f) => `${f} look for sure footing: you take a step once you know the ground will hold.`,
        (f) => `${f} speak of sure footing: you trust the tested path over the shortcut.`,
      ],
    },
    fingers: {
      title: 'Patience with detail',
      texts: [(f) => `${f} speak of patience with detail: you read the small print others skip.`],
    },
    head: {
      title: 'Look before you leap',
      texts: [
        (f) =>
          `${f} speak of a mind that looks before it leaps: you think a choice through before you make it.`,
        (f) => `${f} counsel a look before the leap: you gather the facts, then move with confidence.`,
      ],
    },
    spacing: {
      title: 'Holding on to what you have',
      texts: [(f) => `${f} speak of holding on to what you have: you keep, mend and save before you spend.`],
    },
  },
  'risk:bold': {
    'element.fire': {
      title: 'Fire’s daring',
      texts: [
        (f) => `${f} carry fire’s daring: you act on a hunch and trust yourself to handle what follows.`,
      ],
    },
    fingers: {
      title: 'Quick to decide',
      texts: [
        (f) =>
          `${f} speak of someone quick to decide: you see the gist at once and would rather act than wait.`,
      ],
    },
    index: {
      title: 'Daring in plain sight',
      texts: [(f) => `${f} speak of daring in plain sight: you will risk being seen to try, and to fail.`],
    },
    spacing: {
      title: 'Open to chance',
      texts: [
        (f) => `${f} leave you open to chance: an unplanned turn interests you more than it worries you.`,
      ],
    },
    head: {
      title: 'An independent mind',
      texts: [(f) => `${f} speak of an independent mind: you reach your own conclusions and act on them.`],
    },
  },
  'feeling:sensitive': {
    'element.water': {
      title: 'Deep waters',
      texts: [
        (f) => `${f} speak of deep waters: you feel more than you show, and your feelings run long.`,
        (f) => `${f} point to deep waters: still on the surface, and much moving underneath.`,
      ],
    },
    'element.air': {
      title: 'A quick, sensitive mind',
      texts: [
        (f) => `${f} speak of a quick, sensitive mind: you catch a change of mood in a word or a glance.`,
      ],
    },
    fingers: {
      title: 'An eye for nuance',
      texts: [
        (f) => `${f} give you an eye for nuance: you notice the detail in a tone or a look.`,
        (f) => `${f} sharpen your eye for nuance: you catch what is meant as well as what is said.`,
      ],
    },
    creases: {
      title: 'A finely etched hand',
      texts: [(f) => `${f} speak of a finely etched nature: small things touch you, and you remember them.`],
    },
    heart: {
      title: 'A feeling heart',
      texts: [
        (f) =>
          `${f} speak of a feeling heart: the joys and troubles of others reach you as if they were your own.`,
      ],
    },
    life: {
      title: 'A delicate balance',
      texts: [
        (f) => `${f} speak of a delicate balance: you do well when rest and effort are kept in proportion.`,
      ],
    },
  },
  'feeling:even': {
    creases: {
      title: 'Clear and calm',
      texts: [(f) => `${f} speak of a clear, calm nature: worry slides off you more easily than off most.`],
    },
    heart: {
      title: 'A level heart',
      texts: [
        (f) => `${f} speak of a level heart: you love without drama and stay fair when feelings run high.`,
      ],
    },
    life: {
      title: 'Deep reserves',
      texts: [
        (f) =>
          `${f} speak of deep reserves: after a hard stretch you are back on your feet sooner than you expect.`,
      ],
    },
  },
  'drive:driven': {
    'element.fire': {
      title: 'Fire’s will',
      texts: [(f) => `${f} carry fire’s will: once something catches your interest, you push it through.`],
    },
    index: {
      title: 'The wish to lead',
      texts: [
        (f) => `${f} speak of the wish to lead: you are happiest when the choice is yours to make.`,
        (f) => `${f} point to a wish to lead: given the reins, you take them gladly.`,
      ],
    },
    middle: {
      title: 'Serious purpose',
      texts: [(f) => `${f} speak of serious purpose: you take your duties to heart and see them done.`],
    },
    thumb: {
      title: 'A strong will',
      texts: [
        (f) => `${f} speak of a strong will: setbacks slow you down but rarely stop you.`,
        (f) => `${f} point to a strong will: you decide, and then you do not let go.`,
      ],
    },
    head: {
      title: 'Focused effort',
      texts: [
        (f) => `${f} speak of focused effort: you give one thing your whole attention until it is done.`,
      ],
    },
    fate: {
      title: 'A sense of purpose',
      texts: [
        (f) => `${f} point to a sense of purpose: you want your work to add up to something.`,
        (f) => `${f} speak of a sense of purpose: you work best when you know what the work is for.`,
      ],
    },
  },
  'drive:easygoing': {
    thumb: {
      title: 'Agreement over force',
      texts: [(f) => `${f} favour agreement over force: you persuade rather than push.`],
    },
    middle: {
      title: 'Lightly carried',
      texts: [(f) => `${f} speak of duties lightly carried: you do what is needed without making it heavy.`],
    },
  },
};
