/**
 * What a reading must never say (spec: tendencies and phases, health as energy and lifestyle). Used
 * by the tests over every phrasing and every generated reading, and at run time to keep the
 * visitor's own words out of a reading when they touch these topics.
 */
export const FORBIDDEN_TOPICS: readonly { topic: string; pattern: RegExp }[] = [
  {
    topic: 'death',
    pattern: /\b(death|deaths|dead|die|dies|died|dying|deceased|mortal\w*|suicid\w*|fatal\w*)\b/i,
  },
  {
    topic: 'lifespan',
    pattern:
      /\b(life\s*-?span|longevity|long life|short life|early grave|years (?:left|to live)|how long you(?:'ll| will)? live)\b/i,
  },
  {
    topic: 'illness or diagnosis',
    pattern:
      /\b(ill|illness\w*|disease\w*|diagnos\w*|medical\w*|sick\w*|cancer\w*|tumou?r\w*|surger\w*|symptom\w*|disorder\w*|infection\w*|heart attack|stroke|diabet\w*|chronic)\b/i,
  },
  {
    topic: 'pregnancy or number of children',
    pattern:
      /\b(pregnan\w*|fertil\w*|infertil\w*|miscarr\w*|(?:number of|how many|\d+|one|two|three|four|five|six|several|many) (?:children|kids|sons|daughters|babies)|will have (?:a )?(?:child|children|baby|son|daughter))\b/i,
  },
  { topic: 'accidents or injury', pattern: /\b(accident\w*|injur\w*|crash\w*|wounded|mishap\w*)\b/i },
  {
    topic: 'criminality',
    pattern: /\b(crim\w*|thief|thieves|theft|steal\w*|murder\w*|prison\w*|jail\w*)\b/i,
  },
  {
    topic: 'fixed fate',
    pattern:
      /\b(will definitely|definitely will|destined|fated|inevitabl\w*|cannot (?:be )?change\w*|can't (?:be )?change\w*|can not change|no escape|doomed|guaranteed|certain to|bound to happen)\b/i,
  },
];

/** The forbidden topics a text touches; empty when it is safe to show. */
export function forbiddenTopicsIn(text: string): string[] {
  return FORBIDDEN_TOPICS.filter(({ pattern }) => pattern.test(text)).map(({ topic }) => topic);
}

/**
 * Questions a palm reading answers only with the gentle deflection: the forbidden topics, and
 * what no hand can tell (lottery or lucky numbers, exact dates and ages).
 */
const UNANSWERABLE_QUESTIONS: readonly RegExp[] = [
  /\b(lottery|lotto|jackpot|lucky numbers?|winning numbers?|gambl\w*|casino|betting)\b/i,
  /\b(?:what|which|exact|precise)\s+(?:date|day|month|year|age)\b/i,
  /\b(?:when exactly|on what date|at what age|by what age|how many (?:years|months|weeks|days))\b/i,
  /\bwhen (?:will|shall|am|is|do|does|are)\b/i,
];

export const needsDeflection = (question: string): boolean =>
  forbiddenTopicsIn(question).length > 0 || UNANSWERABLE_QUESTIONS.some((pattern) => pattern.test(question));
