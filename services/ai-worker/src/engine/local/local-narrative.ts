import type { LifeArea, ReadingSection, ReadingSubmission } from '@palm/contracts';
import { LIFE_AREAS } from '@palm/contracts';
import { FEATURE_BASIS, type PalmFeatures } from './palm-features';

/** Picks phrasings deterministically: the same photo and answers always give the same words. */
export type Chooser = <T>(options: readonly T[], salt: string) => T;

interface AreaTexts {
  title: string;
  subtitle: string;
  openers: readonly string[];
  shape: Record<PalmFeatures['shape'], string>;
  spread: Record<PalmFeatures['spread'], string>;
  lineDetail: Record<PalmFeatures['lineDetail'], string>;
  practice: readonly string[];
}

// Our own wording of classical hand-shape themes. Health speaks of energy and habits only.
const AREA_TEXTS: Record<LifeArea, AreaTexts> = {
  love: {
    title: 'Love & Relationships',
    subtitle: 'Shukra (Venus) · the way you give and receive affection',
    openers: [
      'Your hand speaks first of how you connect with people.',
      'In palmistry the whole hand sets the tone before any single line, and yours has a clear tone for love.',
    ],
    shape: {
      long: 'A long, slender hand is traditionally linked with a sensitive, imaginative way of loving: you notice small gestures and remember them.',
      balanced:
        'A balanced hand outline is read as a wish for give-and-take: warmth that stays on steady ground.',
      broad:
        'A broad hand is classically read as loyal, practical affection: you show love through what you do more than through words.',
    },
    spread: {
      apart: 'Fingers held apart suggest you need room to be yourself, and you give the same room to others.',
      relaxed: 'Relaxed fingers suggest openness without hurry: trust grows with you at its own pace.',
      close: 'Fingers held close suggest you keep your inner circle small and guard it well.',
    },
    lineDetail: {
      fine: 'The many fine lines of your palm are traditionally tied to a feeling nature that picks up moods quickly.',
      moderate: 'The moderate line detail of your palm points to feelings that run deep but stay even.',
      clear: 'The few, clear lines of your palm are read as direct feelings: you tend to say what you mean.',
    },
    practice: [
      'This phase favours honest conversations over guessing games.',
      'Small, regular gestures will mean more in the coming months than grand ones.',
    ],
  },
  career: {
    title: 'Career & Purpose',
    subtitle: 'Shani and Guru · discipline and growth',
    openers: [
      'The shape of your hand describes how you like to work.',
      'Hand shape is one of the oldest clues palmists use for work and vocation.',
    ],
    shape: {
      long: 'A long hand is linked with ideas and planning: advisory, creative or research work tends to suit you.',
      balanced: 'A balanced hand points to versatility: you can shape a plan and also see it through.',
      broad:
        'A broad hand points to hands-on strength: you do well where results are concrete and built to last.',
    },
    spread: {
      apart:
        'Fingers held apart are read as independent thinking: you do your best work with room to decide.',
      relaxed: 'Relaxed fingers suggest you adapt well to teams and changing plans.',
      close: 'Fingers held close are read as focus and care with detail: you finish what you start.',
    },
    lineDetail: {
      fine: 'Many fine lines suggest an active mind with several interests at once; choosing priorities is your lever.',
      moderate:
        'Moderate line detail suggests a steady pace: consistent effort carries you further than bursts.',
      clear: 'Few, clear lines are read as a direct, decisive working style.',
    },
    practice: [
      'A good moment to write down the one skill you want to deepen this year.',
      'Look for a mentor or a peer whose pace matches yours.',
    ],
  },
  health: {
    title: 'Energy & Wellbeing',
    subtitle: 'Surya (Sun) · vitality and daily rhythm',
    openers: [
      'Here the hand is read for energy and rhythm, not for medical matters.',
      'Palmistry looks at energy and habits in this area; it says nothing about medical questions.',
    ],
    shape: {
      long: 'A long hand is linked with energy that comes in waves: rest and rhythm keep you at your best.',
      balanced: 'A balanced hand is linked with steady energy that lasts when your routines are kept.',
      broad: 'A broad hand is linked with robust physical energy: movement and time outdoors restore you.',
    },
    spread: {
      apart: 'Fingers held apart suggest you recharge through variety and fresh air.',
      relaxed: 'Relaxed fingers suggest you recover well when you allow yourself breaks.',
      close:
        'Fingers held close suggest you carry tension quietly; stretching and slow breathing help you let go.',
    },
    lineDetail: {
      fine: 'Many fine lines are traditionally read as a busy nervous energy: quiet evenings and good sleep balance it.',
      moderate:
        'Moderate line detail suggests an even temperament that benefits from regular meals and sleep.',
      clear: 'Few, clear lines suggest a calm, steady energy that thrives on simple routines.',
    },
    practice: [
      'A daily walk in daylight is a simple way to keep your energy even.',
      'Notice which hours of the day you feel strongest and protect them.',
    ],
  },
  money: {
    title: 'Money & Resources',
    subtitle: 'Budh (Mercury) · exchange and judgement',
    openers: [
      'Your hand also shows how you tend to handle resources.',
      'Palmists read attitudes to money from the hand as a whole.',
    ],
    shape: {
      long: 'A long hand links income with ideas and knowledge; a simple budget protects the dreamer in you.',
      balanced:
        'A balanced hand suggests careful but open money habits: steady saving with room for an opportunity.',
      broad: 'A broad hand suggests patient, practical building of resources, one solid step at a time.',
    },
    spread: {
      apart:
        'Fingers held apart are traditionally read as generosity: you share easily, so keep a reserve for yourself.',
      relaxed: 'Relaxed fingers suggest a relaxed but sensible attitude to spending.',
      close: 'Fingers held close are traditionally read as a saver’s hand: you like a safety margin.',
    },
    lineDetail: {
      fine: 'Many fine lines suggest many small decisions; automating savings frees your attention.',
      moderate: 'Moderate line detail suggests you weigh choices before you commit.',
      clear:
        'Few, clear lines suggest quick, confident decisions; a short pause before big purchases serves you.',
    },
    practice: [
      'Review one regular expense this month and decide if it still serves you.',
      'Put a small, fixed share of every income aside before anything else.',
    ],
  },
  spiritual: {
    title: 'Spiritual Growth',
    subtitle: 'Guru and Ketu · wisdom and the inner path',
    openers: [
      'The last area looks at your inner life.',
      'In the Vedic tradition the hand also reflects the inner path you walk.',
    ],
    shape: {
      long: 'A long hand is linked with intuition and reflection: meditation or journaling may come naturally to you.',
      balanced: 'A balanced hand suggests a path that joins practice with everyday life.',
      broad:
        'A broad hand suggests a grounded spirituality: service, nature and simple rituals speak to you.',
    },
    spread: {
      apart: 'Fingers held apart suggest a free, searching spirit that learns from many traditions.',
      relaxed: 'Relaxed fingers suggest openness to what each season of life teaches.',
      close: 'Fingers held close suggest a private, inward practice that you keep for yourself.',
    },
    lineDetail: {
      fine: 'Many fine lines are read as sensitivity: quiet time helps you hear your own voice.',
      moderate: 'Moderate line detail suggests a steady, patient kind of growth.',
      clear: 'Few, clear lines are read as a clear sense of what matters to you.',
    },
    practice: [
      'A few quiet minutes each morning can anchor the rest of your day.',
      'Gratitude written down once a week is a simple practice that suits this phase.',
    ],
  },
};

const AREA_NAMES: Record<LifeArea, string> = {
  love: 'love',
  career: 'career',
  health: 'health',
  money: 'money',
  spiritual: 'spiritual growth',
};

/** The visitor's focus areas first, in their order, then the rest in the usual order. */
export function orderedAreas(focusAreas: readonly LifeArea[]): LifeArea[] {
  return [...focusAreas, ...LIFE_AREAS.filter((area) => !focusAreas.includes(area))];
}

type RelationshipStatus = 'single' | 'partnered' | 'married' | 'separated' | 'widowed';

/** Free-text answers are never echoed (the web app renders markup); only recognised values are used. */
function relationshipStatusOf(maritalStatus: string): RelationshipStatus | undefined {
  const value = maritalStatus.toLowerCase();
  if (/widow/.test(value)) return 'widowed';
  if (/divorc|separat/.test(value)) return 'separated';
  if (/married|spouse|husband|wife/.test(value)) return 'married';
  if (/relationship|partner|engaged|dating|couple/.test(value)) return 'partnered';
  if (/single/.test(value)) return 'single';
  return undefined;
}

type LifeStage = 'early' | 'building' | 'seasoned';

function lifeStageOf(age: string): { stage: LifeStage; label: string } | undefined {
  const match = /^\s*(\d{1,3})\s*(?:(?:-|–|to)\s*(\d{1,3}))?\s*(\+)?\s*$/.exec(age);
  if (!match?.[1]) return undefined;
  const from = Number(match[1]);
  const label = `${from}${match[2] ? `-${match[2]}` : ''}${match[3] ?? ''}`;
  return { stage: from < 26 ? 'early' : from < 46 ? 'building' : 'seasoned', label };
}

interface AnswerContext {
  sentence: string;
  basis: string;
}

/** What the visitor told us, used as context and labelled as such, never as something read from the palm. */
function answerContext(area: LifeArea, submission: ReadingSubmission): AnswerContext | undefined {
  const status = relationshipStatusOf(submission.maritalStatus);
  const stage = lifeStageOf(submission.age);
  switch (area) {
    case 'love': {
      if (!status) return undefined;
      const sentences: Record<RelationshipStatus, string> = {
        single:
          'You told us you are single: this is a good season to be clear about what you want before you choose.',
        partnered:
          'You told us you are in a relationship: shared plans and time for each other deepen the bond.',
        married: 'You told us you are married: fresh shared experiences keep a long bond lively.',
        separated: 'You told us your status: after a change, kindness towards yourself comes first.',
        widowed: 'You told us your status: connection can take many forms, and friendship counts among them.',
      };
      return { sentence: sentences[status], basis: 'Your answer: marital status' };
    }
    case 'career': {
      if (!stage) return undefined;
      const sentences: Record<LifeStage, string> = {
        early: 'At your age, trying things out is part of the work: each role teaches you what fits.',
        building: 'At your age, the years of building are in full swing: depth in one field pays off.',
        seasoned: 'At your age, experience is your capital: sharing it opens new doors.',
      };
      return { sentence: sentences[stage.stage], basis: `Your age: ${stage.label}` };
    }
    case 'health':
      return submission.hasChildren === 'yes'
        ? {
            sentence:
              'You told us you have children: small moments of rest for yourself keep your energy for them too.',
            basis: 'Your answer: children',
          }
        : undefined;
    case 'money':
      return stage
        ? {
            sentence:
              stage.stage === 'early'
                ? 'At your age, habits matter more than amounts: the ones you set now compound.'
                : 'At your age, a clear picture of your commitments gives you calm and choice.',
            basis: `Your age: ${stage.label}`,
          }
        : undefined;
    case 'spiritual':
      return {
        sentence: `You told us your ${submission.dominantHand} hand is dominant; in the Vedic tradition the dominant hand shows the path you are shaping yourself.`,
        basis: `Your dominant hand: ${submission.dominantHand}`,
      };
  }
}

export function composeSection(
  area: LifeArea,
  features: PalmFeatures,
  submission: ReadingSubmission,
  choose: Chooser,
  options: { includeLight: boolean },
): ReadingSection {
  const texts = AREA_TEXTS[area];
  const focused = submission.focusAreas.includes(area);
  const context = answerContext(area, submission);
  const basis: string[] = [
    FEATURE_BASIS.shape[features.shape],
    FEATURE_BASIS.spread[features.spread],
    FEATURE_BASIS.lineDetail[features.lineDetail],
  ];
  if (options.includeLight) basis.push(FEATURE_BASIS.light[features.light]);
  if (focused) basis.push(`Your focus: ${AREA_NAMES[area]}`);
  if (context) basis.push(context.basis);

  const content = [
    choose(texts.openers, `${area}.opener`),
    texts.shape[features.shape],
    texts.spread[features.spread],
    context?.sentence,
  ]
    .filter(Boolean)
    .join(' ');
  const details = [
    texts.lineDetail[features.lineDetail],
    choose(texts.practice, `${area}.practice`),
    focused
      ? `You asked us to look closely at ${AREA_NAMES[area]}, so it comes first in your reading.`
      : undefined,
    'This reading is built from your hand’s outline and detail in the photo; read it as tendencies, not certainties.',
  ]
    .filter(Boolean)
    .join(' ');

  return {
    area,
    title: texts.title,
    subtitle: texts.subtitle,
    insights: [
      firstClause(texts.shape[features.shape]),
      firstClause(texts.spread[features.spread]),
      firstClause(texts.lineDetail[features.lineDetail]),
    ],
    content,
    details,
    basis,
  };
}

/** An insight is the claim of a sentence without its elaboration: the part before a colon. */
function firstClause(sentence: string): string {
  const clause = sentence.split(':')[0] ?? sentence;
  return clause.endsWith('.') ? clause : `${clause}.`;
}
