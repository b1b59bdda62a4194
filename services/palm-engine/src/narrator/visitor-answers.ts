import { LIFE_AREAS, type LifeArea, type ReadingSubmission } from '@palm/contracts';
import type { HandSide } from '../palm-observation';
import { forbiddenTopicsIn } from '../rules/safety';

export type RelationshipStatus = 'single' | 'partnered' | 'married' | 'separated' | 'widowed';
export type LifeStage = 'early' | 'building' | 'seasoned';

/**
 * Something the visitor wrote in their own words. A reading is shared by link, so `text` is a
 * paraphrase of what it is about, never the words themselves.
 */
export interface VisitorNote {
  text: string;
  area?: LifeArea;
  /** False when it touches a topic a reading never speaks to; it is then not quoted. */
  quotable: boolean;
}

export interface VisitorAnswers {
  relationship?: RelationshipStatus;
  lifeStage?: LifeStage;
  hasChildren: boolean;
  dominantHand: HandSide;
  /** The hand the flow asked to photograph: right after a "Male" gender answer, left after any other. */
  askedSide?: HandSide;
  notes: VisitorNote[];
}

const MAX_QUOTE_LENGTH = 140;
const MAX_NOTES = 3;
/** An answer counts as the visitor's own words when it reads like a sentence, not a picked option. */
const MIN_FREE_TEXT_WORDS = 4;
const MIN_FREE_TEXT_LENGTH = 25;

const AREA_KEYWORDS: Record<LifeArea, RegExp> = {
  love: /\b(love life|in love|loved one|partner|relationship|marriage|married|dating|romance|husband|wife|boyfriend|girlfriend|family)\b/i,
  career: /\b(career|job|work|business|promotion|boss|profession|studies|study|office)\b/i,
  health: /\b(energy|tired|sleep|stress|rest|fitness|exercise|wellbeing|well-being|balance)\b/i,
  money: /\b(money|finance|financial|savings?|debt|salary|income|invest\w*|wealth)\b/i,
  spiritual: /\b(spiritual\w*|meditat\w*|purpose|faith|soul|karma|dharma|prayer|peace|meaning)\b/i,
};

export function relationshipStatusOf(maritalStatus: string): RelationshipStatus | undefined {
  const value = maritalStatus.toLowerCase();
  if (/widow/.test(value)) return 'widowed';
  if (/divorc|separat/.test(value)) return 'separated';
  if (/married|spouse|husband|wife/.test(value)) return 'married';
  if (/relationship|partner|engaged|dating|couple/.test(value)) return 'partnered';
  if (/single/.test(value)) return 'single';
  return undefined;
}

export function lifeStageOf(age: string): LifeStage | undefined {
  const match = /(\d{1,3})/.exec(age);
  if (!match?.[1]) return undefined;
  const from = Number(match[1]);
  return from < 26 ? 'early' : from < 46 ? 'building' : 'seasoned';
}

/**
 * The web app renders reading text as markup, so the visitor's words lose every tag and markup
 * character before they are quoted, and are cut to a readable length.
 */
export function cleanVisitorText(text: string): string {
  const plain = text
    .replace(/<\s*(script|style)\b[\s\S]*?(?:<\s*\/\s*\1\s*>|$)/gi, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)?/g, '$1')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&[#a-z0-9]+;?/gi, ' ')
    .replace(/\b(?:javascript|vbscript|data)\s*:/gi, ' ')
    .replace(/[<>{}[\]()*_`#|\\~^=$]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= MAX_QUOTE_LENGTH) return plain;
  const cut = plain.slice(0, MAX_QUOTE_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 60 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}

function answerValues(submission: ReadingSubmission): string[] {
  return Object.keys(submission.flowResponses)
    .sort()
    .flatMap((key) => {
      const value = submission.flowResponses[key];
      return typeof value === 'string' ? [value] : value?.length === 1 ? value : [];
    });
}

function askedSideOf(values: readonly string[]): HandSide | undefined {
  const gender = values
    .map((value) => value.trim().toLowerCase())
    .find((value) => value === 'male' || value === 'female');
  if (gender === undefined) return undefined;
  return gender === 'male' ? 'right' : 'left';
}

/** What a paraphrase says a note is about: its life area, in the reading's own words. */
const PARAPHRASES: Record<LifeArea | 'other', string> = {
  love: 'your thoughts on love and the people close to you',
  career: 'your thoughts on your work and career',
  health: 'your thoughts on your energy and well-being',
  money: 'your thoughts on money and security',
  spiritual: 'your thoughts on your inner life and purpose',
  other: 'something close to your heart',
};

function notesFrom(values: readonly string[]): VisitorNote[] {
  const notes: VisitorNote[] = [];
  for (const value of values) {
    const words = cleanVisitorText(value);
    if (words.split(' ').length < MIN_FREE_TEXT_WORDS && words.length < MIN_FREE_TEXT_LENGTH) continue;
    const area = LIFE_AREAS.find((candidate) => AREA_KEYWORDS[candidate].test(words));
    const text = PARAPHRASES[area ?? 'other'];
    notes.push({ text, ...(area ? { area } : {}), quotable: forbiddenTopicsIn(words).length === 0 });
    if (notes.length === MAX_NOTES) break;
  }
  return notes;
}

export function readVisitorAnswers(submission: ReadingSubmission): VisitorAnswers {
  const values = answerValues(submission);
  const relationship = relationshipStatusOf(submission.maritalStatus);
  const lifeStage = lifeStageOf(submission.age);
  const askedSide = askedSideOf(values);
  return {
    ...(relationship ? { relationship } : {}),
    ...(lifeStage ? { lifeStage } : {}),
    ...(askedSide ? { askedSide } : {}),
    hasChildren: submission.hasChildren === 'yes',
    dominantHand: submission.dominantHand,
    notes: notesFrom(values),
  };
}
