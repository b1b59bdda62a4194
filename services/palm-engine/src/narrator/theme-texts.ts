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
    text: (f) => `Drive runs through ${f}: you set your sights high and go after them.`,
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
export const TENSION_TEXTS: Record<
  AssertionAxis,
  readonly ((first: string, second: string, says: Says) => string)[]
> = {
  sociability: [
    (reserved, open) =>
      `${open} and ${reserved} pull in two directions, and both are true of you: warm and open once you trust, slower to let a stranger in.`,
    (reserved, open, says) =>
      `${says(open, 'say')} welcome while ${says(reserved, 'say')} wait, so you are friendly to many and close to few.`,
  ],
  pace: [
    (restless, steady) =>
      `${restless} and ${steady} pull two ways: a restless streak and a love of routine live side by side, and you do best when a steady base leaves room for change.`,
    (restless, steady) =>
      `Between ${steady} and ${restless} you keep two speeds, one for settling in and one for moving on.`,
  ],
  mind: [
    (practical, imaginative) =>
      `${imaginative} and ${practical} pull two ways: imagination and good sense both have a say in you, and your best ideas are the ones that pass both.`,
    (practical, imaginative, says) =>
      `${says(imaginative, 'dream')} where ${says(practical, 'check')}, and an idea that survives both is usually a good one.`,
  ],
  risk: [
    (cautious, bold) =>
      `${bold} and ${cautious} pull two ways: a bold streak sits beside a careful one, so you act boldly once you have done your homework.`,
    (cautious, bold) =>
      `${bold} and ${cautious} hold each other in check: you take risks, but rarely blind ones.`,
  ],
  feeling: [
    (sensitive, even) =>
      `${sensitive} and ${even} pull two ways: you feel things keenly, yet they rarely knock you off balance for long.`,
    (sensitive, even) => `${sensitive} and ${even} together describe deep feeling carried calmly.`,
  ],
  drive: [
    (driven, easygoing) =>
      `${driven} and ${easygoing} pull two ways: you push hard for what matters to you and let the rest go lightly.`,
    (driven, easygoing) =>
      `${driven} and ${easygoing} meet halfway: determined where it counts, relaxed where it does not.`,
  ],
};

/**
 * Where a theme's strongest feature is one of these, its title names the leaning as that feature
 * shows it ("A way with words" for a long little finger, not the "An open door" of every open
 * hand): strangers who share a leaning through different features read different titles. Families
 * are a feature's kind (`themeFamily`); an element is named with its type ("element.water").
 */
export const POLE_TITLES: Record<PoleKey, Partial<Record<string, string>>> = {
  'sociability:open': {
    'element.air': 'A meeting of minds',
    'element.fire': 'Warm by nature',
    'element.water': 'A giving hand',
    spacing: 'Arms open wide',
    thumb: 'Open-handed',
    little: 'A way with words',
    heart: 'A heart with room for many',
    life: 'Life among people',
    fate: 'Helped along by others',
    middle: 'Wisdom that stays sociable',
  },
  'sociability:reserved': {
    thumb: 'A guarded welcome',
    little: 'Words weighed carefully',
    heart: 'Feelings given carefully',
    life: 'A close circle',
    fingers: 'An inward turn',
    middle: 'A serious, private streak',
    spacing: 'Held close',
  },
  'pace:restless': {
    'element.fire': 'Restless fire',
    spacing: 'Room to roam',
    thumb: 'Always in motion',
    heart: 'Fresh starts',
    head: 'Changes of course',
    fate: 'A winding road',
    life: 'Energy that wants moving',
  },
  'pace:steady': {
    'element.earth': 'Earth’s patience',
    palm: 'Solid ground',
    thumb: 'Settled ways',
    heart: 'Constant affection',
    life: 'Even energy',
    fate: 'A steady course',
  },
  'mind:practical': {
    'element.earth': 'Down to earth',
    palm: 'Square-built sense',
    head: 'Clear, straight thinking',
    heart: 'Sense in matters of the heart',
    fingers: 'Hands-on sense',
  },
  'mind:imaginative': {
    palm: 'Room for ideas',
    head: 'A mind that ranges wide',
  },
  'risk:cautious': {
    'element.earth': 'Earth’s prudence',
    index: 'Planned ambition',
    palm: 'Sure footing',
    fingers: 'Patience with detail',
    head: 'Look before you leap',
    spacing: 'Holding on to what you have',
  },
  'risk:bold': {
    'element.fire': 'Fire’s daring',
    fingers: 'Quick to decide',
    index: 'The ring finger’s daring',
    spacing: 'Open to chance',
    head: 'An independent mind',
  },
  'feeling:sensitive': {
    'element.water': 'Deep waters',
    'element.air': 'A quick, sensitive mind',
    fingers: 'An eye for nuance',
    creases: 'A finely etched hand',
    heart: 'A feeling heart',
    life: 'A delicate balance',
  },
  'feeling:even': {
    creases: 'Clear and calm',
    heart: 'A level heart',
    life: 'Deep reserves',
  },
  'drive:driven': {
    'element.fire': 'Fire’s will',
    index: 'The wish to lead',
    middle: 'Serious purpose',
    thumb: 'A strong will',
    head: 'Focused effort',
    fate: 'A sense of purpose',
  },
  'drive:easygoing': {
    thumb: 'Agreement over force',
    middle: 'Lightly carried',
  },
};
