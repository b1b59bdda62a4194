import { type LifeArea, type ReadingSubmission } from '@palm/contracts';
import type { HandSide } from '../palm-observation';
import { needsDeflection } from '../rules/safety';
import { topicOf } from './question-topics';

export type RelationshipStatus = 'single' | 'partnered' | 'married' | 'separated' | 'widowed';
export type LifeStage = 'early' | 'building' | 'seasoned';

/**
 * Something the visitor wrote in their own words: quoted as they wrote it (cleaned of markup and
 * cut to a readable length) in the section its topic belongs to, and answered there from the palm.
 */
export interface VisitorQuestion {
  /** The visitor's words, cleaned; absent when the question is only gently deflected. */
  quote?: string;
  area?: LifeArea;
  /** A question weighing a choice ("Should I…?"), not a worry or a wish told ("I worry about…"). */
  asks: boolean;
}

/**
 * The visitor's answers that may shape the reading: each only when the visitor gave it, never a
 * default the intake filled in (`submission.given`).
 */
export interface VisitorAnswers {
  relationship?: RelationshipStatus;
  lifeStage?: LifeStage;
  hasChildren: boolean;
  /** The areas the visitor chose to focus on; empty unless they chose. */
  focusAreas: LifeArea[];
  /** The hand the product reads (spec: right after a "Male" gender answer, left otherwise). */
  handToRead: HandSide;
  /** The gender answer as given, when the flow asked it. */
  gender?: 'male' | 'female';
  questions: VisitorQuestion[];
}

const MAX_QUOTE_LENGTH = 140;
const MAX_QUESTIONS = 2;
/** An answer counts as the visitor's own words when it reads like a sentence, not a picked option. */
const MIN_FREE_TEXT_WORDS = 4;
const MIN_FREE_TEXT_LENGTH = 25;

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

function genderOf(values: readonly string[]): VisitorAnswers['gender'] {
  const gender = values
    .map((value) => value.trim().toLowerCase())
    .find((value) => value === 'male' || value === 'female');
  return gender === 'male' || gender === 'female' ? gender : undefined;
}

/** Words that ask rather than tell: a question mark, or a question's first word even without one. */
const QUESTION_FORM =
  /\?|^(?:should|shall|will|would|when|what|which|how|is|are|am|can|could|do|does|did|where|who|why|may|might)\b/i;

/** Free text that reads like a sentence, not a picked option: the visitor's own question or wish. */
function questionsFrom(values: readonly string[]): VisitorQuestion[] {
  const questions: VisitorQuestion[] = [];
  for (const value of values) {
    const words = cleanVisitorText(value);
    if (words.split(' ').length < MIN_FREE_TEXT_WORDS && words.length < MIN_FREE_TEXT_LENGTH) continue;
    const asks = QUESTION_FORM.test(words);
    if (needsDeflection(words)) questions.push({ asks });
    else {
      const area = topicOf(words);
      questions.push({ quote: words, asks, ...(area ? { area } : {}) });
    }
    if (questions.length === MAX_QUESTIONS) break;
  }
  return questions;
}

export function readVisitorAnswers(submission: ReadingSubmission): VisitorAnswers {
  const given = new Set(submission.given ?? []);
  const values = answerValues(submission);
  const relationship = given.has('maritalStatus')
    ? relationshipStatusOf(submission.maritalStatus)
    : undefined;
  const lifeStage = given.has('age') ? lifeStageOf(submission.age) : undefined;
  const gender = genderOf(values);
  return {
    ...(relationship ? { relationship } : {}),
    ...(lifeStage ? { lifeStage } : {}),
    ...(gender ? { gender } : {}),
    hasChildren: given.has('hasChildren') && submission.hasChildren === 'yes',
    focusAreas: given.has('focusAreas') ? submission.focusAreas : [],
    handToRead: gender === 'male' ? 'right' : 'left',
    questions: questionsFrom(values),
  };
}
