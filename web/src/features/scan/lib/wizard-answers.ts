import {
  SUBMISSION_DEFAULTS,
  toLifeArea,
  type ActiveFlow,
  type LifeArea,
  type Question,
  type QuestionType,
} from '@palm/contracts';

export type AnswerResponse = string | string[] | File;

/** Spec §3 answer record. */
export interface AnswerRecord {
  questionId: number;
  questionText: string;
  questionType: QuestionType;
  response: AnswerResponse;
}

export type Hand = 'right' | 'left';

/** Spec §5: the answer needed before the visitor may go on. */
export function isAnswerValid(type: QuestionType, response: AnswerResponse | undefined): boolean {
  if (response === undefined) return false;
  switch (type) {
    case 'hand_image_upload':
      return response instanceof File;
    case 'single_choice':
    case 'gender_question':
      return typeof response === 'string' && response.length > 0;
    case 'multiple_choice':
      return Array.isArray(response) && response.length > 0;
    case 'text_entry':
      return typeof response === 'string' && response.trim().length > 0;
  }
}

/** Spec §5: a visitor who answered Male is asked for the right hand, everyone else for the left. */
export function handForGender(genderResponse: AnswerResponse | undefined): Hand {
  return genderResponse === 'Male' ? 'right' : 'left';
}

export function sortBySequence(questions: readonly Question[]): Question[] {
  return [...questions].sort((a, b) => a.sequence - b.sequence);
}

export interface ReadingRequest {
  palmImage: File;
  /** More frames of the same hand from the guided camera (the server measures each). */
  palmFrames: File[];
  dominantHand: Hand;
  age: string;
  maritalStatus: string;
  hasChildren: 'yes' | 'no';
  focusAreas: LifeArea[];
  flowResponses: Record<string, string | string[]>;
  flowId: number;
  flowVersion: number;
}

function textOf(response: AnswerResponse): string | undefined {
  if (typeof response === 'string') return response.trim() || undefined;
  if (Array.isArray(response)) return response.join(', ') || undefined;
  return undefined;
}

function toHand(response: AnswerResponse): Hand | undefined {
  const text = textOf(response)?.toLowerCase();
  if (!text) return undefined;
  return text.includes('left') ? 'left' : 'right';
}

function toYesNo(response: AnswerResponse): 'yes' | 'no' | undefined {
  const text = textOf(response)?.toLowerCase();
  if (!text) return undefined;
  return /^(yes|y\b)/.test(text) ? 'yes' : 'no';
}

function toFocusAreas(response: AnswerResponse): LifeArea[] | undefined {
  const labels = Array.isArray(response) ? response : typeof response === 'string' ? [response] : [];
  const areas = [...new Set(labels.map(toLifeArea).filter((area): area is LifeArea => area !== undefined))];
  return areas.length > 0 ? areas : undefined;
}

/**
 * Turns the wizard's answers into the reading request: bound questions fill their submission
 * field, unbound fields fall back to the spec's defaults, and every text answer travels in
 * flowResponses keyed question_{id}. The palm photo is sent as the file, not as a response.
 */
export function buildReadingRequest(
  flow: ActiveFlow,
  answers: readonly AnswerRecord[],
  palmFrames: File[] = [],
): ReadingRequest | null {
  const questionsById = new Map(flow.questions.map((question) => [question.id, question]));
  const palmImage = answers.find((answer) => answer.response instanceof File)?.response;
  if (!(palmImage instanceof File)) return null;

  const gender = answers.find((answer) => answer.questionType === 'gender_question');
  const request: ReadingRequest = {
    palmImage,
    palmFrames,
    dominantHand: handForGender(gender?.response),
    age: SUBMISSION_DEFAULTS.age,
    maritalStatus: SUBMISSION_DEFAULTS.maritalStatus,
    hasChildren: SUBMISSION_DEFAULTS.hasChildren,
    focusAreas: [...SUBMISSION_DEFAULTS.focusAreas],
    flowResponses: {},
    flowId: flow.id,
    flowVersion: flow.version,
  };

  for (const answer of answers) {
    if (answer.response instanceof File) continue;
    request.flowResponses[`question_${answer.questionId}`] = answer.response;
    switch (questionsById.get(answer.questionId)?.binding) {
      case 'dominantHand':
        request.dominantHand = toHand(answer.response) ?? request.dominantHand;
        break;
      case 'age':
        request.age = textOf(answer.response)?.slice(0, 60) ?? request.age;
        break;
      case 'maritalStatus':
        request.maritalStatus = textOf(answer.response)?.slice(0, 60) ?? request.maritalStatus;
        break;
      case 'hasChildren':
        request.hasChildren = toYesNo(answer.response) ?? request.hasChildren;
        break;
      case 'focusAreas':
        request.focusAreas = toFocusAreas(answer.response) ?? request.focusAreas;
        break;
      default:
        break;
    }
  }
  return request;
}
