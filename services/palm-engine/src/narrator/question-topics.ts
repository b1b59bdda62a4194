import type { LifeArea } from '@palm/contracts';

/**
 * Which life area a visitor's own question is about, by the words and phrases people use for
 * each: a phrase that names the topic outright ("change jobs", "retirement savings") weighs more
 * than a word that merely leans that way ("home", "path"). Local and deterministic: the question
 * never leaves the engine.
 */
const STRONG = 3;
const WORD = 1;

const TOPICS: Record<LifeArea, readonly (readonly [RegExp, number])[]> = {
  love: [
    [
      /\b(love life|soul ?mate|the one|fall(?:ing)? in love|get(?:ting)? married|break ?up|broke up|my ex\b)/,
      STRONG,
    ],
    [/\b(love|loved|lover|partner|relationships?|marriage|marry|married|spouse|husband|wife)\b/, STRONG],
    [
      /\b(boyfriend|girlfriend|dating|romance|romantic|crush|wedding|engaged|engagement|divorce\w*)\b/,
      STRONG,
    ],
    [
      /\b(family|friends?|friendship|lonely|loneliness|feelings|trust|parents?|mother|father|sister|brother|in-laws|kids|children)\b/,
      WORD,
    ],
    [/\b(heart|someone|together|commitment|affection|closeness)\b/, WORD],
  ],
  career: [
    [
      /\b(change (?:my )?jobs?|new job|my job|career|promotion|promoted|my boss|job offer|job interview)\b/,
      STRONG,
    ],
    [
      /\b(jobs?|work|working|workplace|profession\w*|occupation|employ\w*|colleagues?|co-?workers?|manager)\b/,
      STRONG,
    ],
    [
      /\b(business|company|startup|entrepreneur\w*|office|interview|hired|fired|resign\w*|quit|vocation)\b/,
      STRONG,
    ],
    [
      /\b(stud(?:y|ies|ying)|university|degree|exams?|college|school|skills?|teach\w*|project|team|role|field|calling)\b/,
      WORD,
    ],
  ],
  health: [
    [
      /\b(energy|energetic|tired\w*|exhaust\w*|fatigue|sleep\w*|insomnia|burn ?out|burnt out|stress\w*)\b/,
      STRONG,
    ],
    [
      /\b(health|healthy|fitness|fit|exercis\w*|gym|workout|diet|weight|wellbeing|well-being|wellness|vitality)\b/,
      STRONG,
    ],
    [
      /\b(rest|relax\w*|body|strength|run|running|walk\w*|eat|eating|habits?|routine|anxious|anxiety|worn out)\b/,
      WORD,
    ],
  ],
  money: [
    [
      /\b(money|financ\w*|savings?|debts?|loans?|mortgage|salary|income|invest\w*|wealth\w*|rich|retire\w*|pension)\b/,
      STRONG,
    ],
    [
      /\b(buy(?:ing)? (?:a |my |our )?(?:house|home|flat|apartment|car|property)|property|real estate|afford\w*|budget\w*)\b/,
      STRONG,
    ],
    [
      /\b(spend\w*|save|saving|earn\w*|stocks?|shares|crypto|prosper\w*|abundance|bills|expenses|inheritance|pay|paid|raise)\b/,
      WORD,
    ],
    [/\b(house|home|rent)\b/, WORD],
  ],
  spiritual: [
    [
      /\b(spiritual\w*|meditat\w*|purpose|faith|soul|karma|dharma|prayer|pray|god|divine|enlighten\w*)\b/,
      STRONG,
    ],
    [
      /\b(inner peace|peace of mind|meaning of|meaning in|path in life|life path|past lives?|higher self|mindful\w*)\b/,
      STRONG,
    ],
    [
      /\b(peace|inner|meaning|meaningful|mantra|temple|guru|intuition|universe|religio\w*|grow as a person|growth|yoga|calm)\b/,
      WORD,
    ],
  ],
};

/** Equal scores go to the more concrete area: a question about saving for a house is about money. */
const TIE_ORDER: readonly LifeArea[] = ['money', 'career', 'health', 'love', 'spiritual'];

/** The area a question is about; undefined when it names none of them. */
export function topicOf(question: string): LifeArea | undefined {
  const text = question.toLowerCase();
  let best: { area: LifeArea; score: number } | undefined;
  for (const area of TIE_ORDER) {
    const score = TOPICS[area].reduce((sum, [pattern, weight]) => sum + (pattern.test(text) ? weight : 0), 0);
    if (score > 0 && (!best || score > best.score)) best = { area, score };
  }
  return best?.area;
}
