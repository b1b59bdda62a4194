import type { LifeArea } from '@palm/contracts';
import type { ElementalHandType, HandSide } from '../palm-observation';
import type { PoleKey } from '../rules/assertions';
import type { LifeStage, RelationshipStatus } from './visitor-answers';

export const AREA_TITLES: Record<LifeArea, string> = {
  love: 'Love & Relationships',
  career: 'Career & Purpose',
  health: 'Energy & Wellbeing',
  money: 'Wealth & Resources',
  spiritual: 'Spiritual Growth',
};

/**
 * The one framing line a section keeps: energy and wellbeing is read as lifestyle, never as
 * health advice. Other sections start with this palm's own features; an opener shared by every
 * reading would say nothing about the hand.
 */
export const HEALTH_FRAMING =
  'This part speaks of energy, rest and lifestyle as the tradition reads them in the hand; it is reflection, not professional advice.';

/** Advice for a focus area by hand type, several ways, so hands of one type are not all told the same. */
export const TATTVA_TIPS: Record<LifeArea, Record<ElementalHandType, readonly string[]>> = {
  love: {
    earth: [
      'Try a new shared ritual, a weekly walk or cooking together, so steadiness never turns into routine.',
      'Plan one small surprise a month; your reliability shines brightest beside a little novelty.',
      'Say out loud what you do quietly for others, so your care is seen as well as felt.',
    ],
    air: [
      'Make room for conversations without screens; your bonds deepen when talk has space.',
      'Write a short note now and then; words on paper carry your affection further than you think.',
      'After a lively discussion, ask how the other person feels, not only what they think.',
    ],
    fire: [
      'Balance your warmth with listening: ask, then wait a moment longer than feels natural.',
      'Let the other person plan the next outing now and then; being surprised is a gift too.',
      'Keep some of your fire for the everyday, not only for the grand gesture.',
    ],
    water: [
      'Say your own needs aloud; people who love you cannot always read them as well as you read theirs.',
      'Keep some evenings just for yourself; you give more freely when your own cup is full.',
      'When a mood is in the air, ask before you absorb it; not every weather is yours to carry.',
    ],
  },
  career: {
    earth: [
      'Choose one skill to master this year; depth, not breadth, is where your hand points.',
      'Keep a record of what you finish; your steady output is easy to overlook, even by you.',
      'Ask for the project that needs someone dependable; it is where you are remembered.',
    ],
    air: [
      'Keep a notebook of ideas and pick one each month to test in practice.',
      'Find one person who turns plans into schedules, and share your ideas with them early.',
      'Teach what you know, in writing or aloud; explaining is where your ideas sharpen.',
    ],
    fire: [
      'Pair each new initiative with someone who loves finishing; together you go further.',
      'Before starting something new, close one open loop; your momentum grows from completions.',
      'Set one ambitious goal a season and tell someone about it; a witness keeps your fire steady.',
    ],
    water: [
      'Look for work where empathy is valued, and protect time for creative focus.',
      'Block out unhurried hours for the work that needs imagination; meetings can wait.',
      'Notice which colleagues leave you energised, and build your projects around them.',
    ],
  },
  health: {
    earth: [
      'A fixed bedtime and a daily walk suit your constitution well.',
      'Work in the garden or any steady outdoor task grounds you after busy days.',
      'Regular meals at regular hours keep your steady rhythm steady.',
    ],
    air: [
      'Short breathing breaks in the style of pranayama help settle a busy mind during the day.',
      'Step outside between tasks; a few minutes of fresh air clears the mental clutter.',
      'Put the screens away an hour before sleep so your thoughts can wind down too.',
    ],
    fire: [
      'Plan rest days as deliberately as active ones, so your energy stays even.',
      'Cool down after a strong effort: a slow walk or stretching before you move on.',
      'Pick one form of exercise you love and let it carry the rest of your routine.',
    ],
    water: [
      'Time near water or in green spaces, and gentle movement such as yoga, restore you.',
      'A warm bath, soft music or a slow evening restores you more than a crowded one.',
      'Guard a quiet hour in each day; you recharge in calm, not in company.',
    ],
  },
  money: {
    earth: [
      'A long-term plan with automatic saving matches your steady approach.',
      'Put a little into something that grows slowly; patience is your financial edge.',
      'Review your plan once a year rather than once a week; steadiness is your strength.',
    ],
    air: [
      'Write your financial goals down; a plan on paper keeps ideas from scattering.',
      'Keep one simple overview of your accounts, so your ideas are backed by numbers.',
      'Before a new idea takes money, write the first three steps and their cost.',
    ],
    fire: [
      'Set a limit for spontaneous purchases and keep a separate fund for ventures.',
      'Wait a day before any large purchase; if the wish is still there, it is yours.',
      'Give your bold ideas a budget of their own, so the rest of your money stays calm.',
    ],
    water: [
      'Talk big decisions over with a practical friend before acting on a feeling.',
      'Make generosity part of the plan, so giving never unsettles your own footing.',
      'Choose a few causes you care about and budget for them; the rest stays protected.',
    ],
  },
  spiritual: {
    earth: [
      'A short daily ritual, a lamp lit or a moment in the garden, keeps you connected.',
      'Walk somewhere green without a destination; for you, the earth itself is the practice.',
      'Tend something living, a plant or a garden; care given slowly is your meditation.',
    ],
    air: [
      'Reading a verse or two each morning and reflecting on it suits your path.',
      'Talk about what moves you with someone who listens well; dialogue is your satsang.',
      'Write down one question each week and let it travel with you through the days.',
    ],
    fire: [
      'Seva, a regular act of service, channels your fire into meaning.',
      'A brisk morning practice, sun salutations or a walk at dawn, suits your spirit.',
      'Set an intention each morning and look back at it each night.',
    ],
    water: [
      'Chanting, music or quiet prayer are natural doors for you.',
      'Sit by water, even a bowl of it, and let your thoughts settle like sediment.',
      'Keep a dream journal by your bed; your inner life speaks in images.',
    ],
  },
};

/**
 * A section's lines this photo did not show, said once per reading for each line, in the first
 * section that would have leaned on it. `lines` names them with what each is read for and ends on a
 * comma ("Mastishk rekha (head line), the line of thought,"), so the meaning is heard even where the
 * line could not be read; `shown` is what this section reads instead ("your square palm and your
 * long thumb, and the steadiness they speak of").
 */
export const UNSEEN_LINE_NOTES: readonly ((lines: string, several: boolean, shown: string) => string)[] = [
  (lines, _several, shown) =>
    `Your ${lines} did not show clearly in this photo, which is common with fainter lines or soft light, so this part rests on ${shown}.`,
  (lines, several, shown) =>
    `We could not make out your ${lines} in this photo and would rather leave ${several ? 'them' : 'it'} out than guess; here we read instead ${shown}.`,
  (lines, several, shown) =>
    `This photo did not show your ${lines} clearly enough to read ${several ? 'them' : 'it'}, so for this part we lean on ${shown}.`,
];

/** The same, for a section this photo showed nothing else for: it rests on nothing, and says so. */
export const UNSEEN_LINE_ALONE_NOTES: readonly ((lines: string, several: boolean) => string)[] = [
  (lines) =>
    `Your ${lines} did not show clearly in this photo, which is common with fainter lines or soft light, and nothing else this part reads did either, so it is left unread rather than guessed.`,
  (lines, several) =>
    `We could not make out your ${lines} in this photo, nor anything else this part reads, and would rather leave ${several ? 'them' : 'it'} out than guess.`,
  (lines, several) =>
    `This photo did not show your ${lines} clearly enough to read ${several ? 'them' : 'it'}, and nothing else this part reads showed either, so it stays unread.`,
];

/**
 * What a clearer photo would add, said once, where a heart, head or life line went unseen: every
 * hand has those three, so a sharper photo would show them (a fate or sun line may simply be
 * faint). Said as the close of the note on the unseen lines, after "though".
 */
export const CLEARER_PHOTO_NOTES: readonly ((lines: string, several: boolean) => string)[] = [
  (lines) =>
    `a sharper photo in even daylight, without flash and with your palm filling the frame, would let your ${lines} be read as well`,
  (lines, several) =>
    `taken again in even daylight, palm open and close to the lens, your ${lines} ${several ? 'are' : 'is'} likely to show`,
  (lines) =>
    `a new photo in bright, even daylight, with your open palm filling most of the frame, should bring out your ${lines}`,
];

export const CLOSING_NOTES: readonly string[] = [
  'Palmistry describes tendencies and phases, not certainties: your choices shape what comes next.',
  'Read all of this as tendencies and seasons rather than fixed outcomes; the hand changes as you do.',
  'Take these as reflections of tendencies, not verdicts; the lines of a hand shift with the life it lives.',
  'None of this is fixed: a palm shows leanings and seasons, and what you do with them is yours to decide.',
  'Hold these readings lightly, as tendencies to notice rather than outcomes to expect; your choices write the rest.',
];

/**
 * A note on what the visitor told us, tied to the first features their section reads on this palm
 * (`features`: "your long heart line and your thumb that opens wide", or "what this hand shows"),
 * worded to read right with one feature or two.
 */
type AnswerNote = (features: string) => string;

export const RELATIONSHIP_NOTES: Record<RelationshipStatus, readonly AnswerNote[]> = {
  single: [
    (features) =>
      `You told us you are single, which makes this a good season to weigh ${features} against what you want before you choose.`,
    (features) => `As you are single, keep ${features} in mind before the next person who matters arrives.`,
  ],
  partnered: [
    (features) =>
      `You told us you are in a relationship: talk over ${features} with your partner, over unhurried time together.`,
    (features) =>
      `As you are in a relationship, what is read here in ${features} is worth sharing with your partner.`,
  ],
  married: [
    (features) =>
      `You told us you are married: in ${features} lies some of what you bring to a long bond, and fresh shared experiences keep it lively.`,
    (features) => `As you are married, look to ${features} for what you bring to the partnership every day.`,
  ],
  separated: [
    (features) =>
      `You told us about a change in your relationship: after such a turn, kindness toward yourself comes first, and ${features} can remind you what you have to give.`,
    (features) =>
      `After the change you told us about, let ${features} guide what you look for next, in your own time.`,
  ],
  widowed: [
    (features) =>
      `You told us your status; connection takes many forms, and what is read in ${features} speaks to friendship and family as much as romance.`,
    (features) =>
      `With what you told us about your status, read ${features} as speaking to every kind of closeness, not only romance.`,
  ],
};

/** Said once per reading, in the career section: the visitor's age is context there, never a palm fact. */
export const LIFE_STAGE_NOTES: Record<LifeStage, readonly AnswerNote[]> = {
  early: [
    (features) =>
      `At your age, trying things out is part of the work, and ${features} can hint at what will fit.`,
    (features) => `At your age, curiosity is an asset: let ${features} point to the detours worth taking.`,
    (features) =>
      `At your age, the people you learn from matter as much as titles; ${features} can suggest whom to seek out.`,
  ],
  building: [
    (features) =>
      `At your age, the building years are in full swing, and ${features} can show where depth will pay off.`,
    (features) =>
      `At your age, choosing what to say no to shapes a career, and ${features} can help you choose.`,
    (features) =>
      `At your age, the reputation you build quietly now carries you forward; ${features} can show how you build it.`,
  ],
  seasoned: [
    (features) =>
      `At your age, experience is your capital, and ${features} can show how you tend to share it.`,
    (features) =>
      `At your age, mentoring others tends to renew your sense of purpose; ${features} can show what you have to pass on.`,
    (features) =>
      `At your age, the work that suits you best is often the work only you can do; ${features} can hint at which.`,
  ],
};

export const CHILDREN_NOTES: readonly AnswerNote[] = [
  (features) =>
    `You told us you have children: with ${features}, short moments of rest for yourself keep your energy for them too.`,
  (features) =>
    `You told us you have children: read ${features} as a reminder that your own rest keeps the whole household steady.`,
  (features) =>
    `You told us you have children: shared outdoor time suits ${features} and restores you and them at once.`,
];

const WHOSE_HAND: Record<'male' | 'female', string> = { male: 'a man’s', female: 'a woman’s' };

/**
 * Which hand the reading is of, said once. The product's rule (spec): right after a "Male" gender
 * answer, left otherwise. `photographed` is the hand the photo clearly shows, when it is clear.
 */
export function handNote(
  toRead: HandSide,
  gender: 'male' | 'female' | undefined,
  photographed: HandSide | undefined,
): string {
  if (photographed && photographed !== toRead) {
    const rule = gender
      ? `the tradition reads ${WHOSE_HAND[gender]} ${toRead} hand`
      : `with no gender answer given, we read the ${toRead} hand`;
    return `One gentle note: ${rule}, and this photo appears to show your ${photographed} hand; no matter, what follows reads that hand as it is.`;
  }
  return gender
    ? `We read your ${toRead} hand, as the tradition does for ${gender === 'male' ? 'a man' : 'a woman'}.`
    : `We read your ${toRead} hand: the tradition reads a man’s right hand and everyone else’s left, and no gender answer was given.`;
}

/**
 * How the hand answers what the visitor wrote in their own words, in their words' kind: a question
 * weighs a choice ("Should I change jobs this year?"), a worry or a wish ("I worry about my retirement
 * savings") asks how to carry it. Each is said the same way: the hand's limit, then advice from a
 * leaning this reading states, or an opener naming the features where no finding takes one.
 */
export interface AnswerTexts {
  /** What a hand cannot do here, said before the advice its features give. */
  hedges: readonly string[];
  /** `plural`: whether `features` takes a plural verb ("your long fingers show", "your thumb shows"). */
  openers: readonly ((features: string, plural: boolean) => string)[];
  /**
   * Advice from a pole this reading states: never one it does not. Each is said after a colon
   * ("There is caution in your head line: …"), so none holds one of its own.
   */
  advice: Record<PoleKey, readonly string[]>;
}

/** Opens the answer to the visitor's own question, naming the features of their palm it rests on. */
const QUESTION_ANSWER_OPENERS: readonly ((features: string, plural: boolean) => string)[] = [
  (features, plural) =>
    `A palm cannot choose for you or name the moment, but ${features} ${plural ? 'show' : 'shows'} how you tend to meet a question like this.`,
  (features, plural) =>
    `No line decides this for you; what your hand offers is how you tend to choose, and here ${features} ${plural ? 'have' : 'has'} the most to say.`,
  (features, plural) =>
    `The hand gives no yes or no, yet ${features} ${plural ? 'say' : 'says'} something about how you would carry either answer.`,
];

const QUESTION_HEDGES: readonly string[] = [
  'No line decides this for you',
  'A palm cannot choose for you or name the moment',
  'The hand gives no yes or no',
];

const QUESTION_ADVICE: Record<PoleKey, readonly string[]> = {
  'sociability:reserved': [
    'Talk it over with the one or two people you trust most; you decide best in quiet, not in a crowd of opinions.',
    'Give yourself time alone with the question before you ask anyone else; your own counsel comes first.',
  ],
  'sociability:open': [
    'Ask widely, since the people around you are one of your strengths, and a conversation may show you the way.',
    'Say the question out loud to friends; you think best in company, and someone may know a door you do not.',
  ],
  'pace:restless': [
    'If the question has been with you for a while, your wish for change is part of the answer; plan the move rather than waiting for it.',
    'Change refreshes you, so do not talk yourself out of it; just give it a shape and a first step.',
  ],
  'pace:steady': [
    'Whatever you choose, keep one part of life steady while you change another; that is how you move without losing your footing.',
    'Change at your own pace; a step you can sustain serves you better than a leap you must recover from.',
  ],
  'mind:practical': [
    'Write down what each choice would change in an ordinary week; your practical mind trusts a concrete picture more than a feeling.',
    'Put numbers and facts beside each option; a practical mind like yours settles once it can see the ground.',
  ],
  'mind:imaginative': [
    'Picture each path in detail, one ordinary day at a time; your imagination is a good guide when you give it real material.',
    'Let yourself imagine the outcome you want most, then work backwards to a first small step.',
  ],
  'risk:cautious': [
    'Prepare the ground before you step, with savings, a conversation or a trial run; prepared, you move well.',
    'Take the careful route you are inclined to, and test the idea on a small scale before committing to it.',
  ],
  'risk:bold': [
    'Your instinct will be to act quickly; give the choice one cool-headed week and it will be a better one.',
    'Trust your nerve, but write down what you would do if it goes wrong; boldness with a plan B suits you.',
  ],
  'feeling:sensitive': [
    'Notice how each option feels as well as how it looks on paper; your feelings pick up what lists miss.',
    'Listen to the unease or the lightness each choice gives you; for you, that is information, not noise.',
  ],
  'feeling:even': [
    'You can weigh this calmly, so give yourself a clear deadline and then trust the decision you reach.',
    'Your calm is an asset here, so list the options, sleep on them once, and decide.',
  ],
  'drive:driven': [
    'Once you choose, you will see it through, so the choice deserves the time it takes.',
    'Pick the option you would still want to work for in two years; your staying power will do the rest.',
  ],
  'drive:easygoing': [
    'Choose the path that leaves you room to breathe; you do your best where nobody has to push you.',
    'Lean towards the option that feels lighter; forcing yourself is rarely how you thrive.',
  ],
};

export const QUESTION_ANSWERS: AnswerTexts = {
  hedges: QUESTION_HEDGES,
  openers: QUESTION_ANSWER_OPENERS,
  advice: QUESTION_ADVICE,
};

/** A worry or a wish is not a choice: no "yes or no", no "either answer", no "the move". */
export const CONCERN_ANSWERS: AnswerTexts = {
  hedges: [
    'No line can promise how this turns out',
    'A palm cannot promise an outcome',
    'The hand holds no forecast for this',
  ],
  openers: [
    (features, plural) =>
      `A palm cannot promise how this turns out, but ${features} ${plural ? 'show' : 'shows'} how you tend to carry a matter like this.`,
    (features, plural) =>
      `No line holds a forecast for this; what your hand offers is how you tend to go about it, and here ${features} ${plural ? 'have' : 'has'} the most to say.`,
    (features, plural) =>
      `The hand makes no promise here, yet ${features} ${plural ? 'say' : 'says'} something about the way through that suits you.`,
  ],
  advice: {
    'sociability:reserved': [
      'Talk it through with the one or two people you trust most; you find your footing in quiet conversation, not in a crowd of opinions.',
      'Give it some time alone first; your own counsel settles you before anyone else’s does.',
    ],
    'sociability:open': [
      'Share it with the people around you; they are one of your strengths, and someone may already know a way through.',
      'Say it out loud to friends; you think best in company, and a conversation may show you the next step.',
    ],
    'pace:restless': [
      'Turn it into one change you can start this month; for you, movement eases what waiting only feeds.',
      'Give it a first step this week; change refreshes you, and a start makes the rest feel lighter.',
    ],
    'pace:steady': [
      'Meet it with a small, regular habit rather than a sudden overhaul; steady steps are how you make headway.',
      'Keep the rest of life steady while you work on this one thing; that is how you move without losing your footing.',
    ],
    'mind:practical': [
      'Put it in plain figures and steps on one page; your practical mind rests once it can see the ground.',
      'Break it into concrete tasks with dates; a practical mind like yours eases as the list gets shorter.',
    ],
    'mind:imaginative': [
      'Picture the outcome you want in detail, then work back to one small step you can take now.',
      'Give your imagination real material, a clear picture of the result you want, and let it find the route.',
    ],
    'risk:cautious': [
      'Build a margin first, something set aside or a plan B; prepared, you worry less and move well.',
      'Start small and test as you go; the careful route you are inclined to is the right one here.',
    ],
    'risk:bold': [
      'Act on it, with a limit set in advance; boldness with a plan B suits you.',
      'Trust your nerve, but write down what you would do if it goes wrong, and then go ahead.',
    ],
    'feeling:sensitive': [
      'Notice what in it weighs on you most; your feelings point to what needs attention first.',
      'Listen to the unease or the lightness it gives you; for you, that is information, not noise.',
    ],
    'feeling:even': [
      'Give it one calm hour on paper and a date to look at it again; your steadiness does the rest.',
      'Your calm is an asset here, so set out the facts once and settle the first step.',
    ],
    'drive:driven': [
      'Set one goal for it and a date; once you commit, your persistence carries it.',
      'Name the result you want and the date you want it by; your staying power will do the rest.',
    ],
    'drive:easygoing': [
      'Choose arrangements that run by themselves, so the matter is handled without anyone having to push.',
      'Lean towards the lighter way of handling it; forcing yourself is rarely how you thrive.',
    ],
  },
};

export const UNQUOTED_NOTE =
  'You shared something in your own words that lies outside what a palm reading can speak to; for such matters a qualified person is the right guide.';

/**
 * The lines every reading may share word for word: the safety framing and closing, the gentle
 * deflection, the one sentence saying which hand was read, and the visitor's own quoted words.
 * Everything else is measured for how much two people's readings share.
 */
export function isFixedLine(sentence: string): boolean {
  return (
    sentence === HEALTH_FRAMING ||
    sentence === UNQUOTED_NOTE ||
    CLOSING_NOTES.includes(sentence) ||
    /^(?:We read your (?:left|right) hand|One gentle note:|You (?:asked|wrote): “)/.test(sentence) ||
    // The rest of a quote that itself held a sentence end ("Will it change? Maybe").
    /^[^“]*”\.?$/.test(sentence)
  );
}
