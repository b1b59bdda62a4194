import {
  SUBMISSION_DEFAULTS,
  toLifeArea,
  type ActiveFlow,
  type LifeArea,
  type Question,
  type QuestionType,
  type SubmissionBinding,
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
  /** The fields a question of the flow filled; the rest are defaults the reading must not speak of. */
  given: SubmissionBinding[];
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
    given: [],
  };

  for (const answer of answers) {
    if (answer.response instanceof File) continue;
    request.flowResponses[`question_${answer.questionId}`] = answer.response;
    const binding = questionsById.get(answer.questionId)?.binding;
    if (binding && fillBound(request, binding, answer.response) && !request.given.includes(binding))
      request.given.push(binding);
  }
  return request;
}

/** Fills one submission field from a bound answer; false when the answer says nothing usable. */
function fillBound(request: ReadingRequest, binding: SubmissionBinding, response: AnswerResponse): boolean {
  switch (binding) {
    case 'dominantHand': {
      const hand = toHand(response);
      if (hand) request.dominantHand = hand;
      return hand !== undefined;
    }
    case 'age': {
      const age = textOf(response)?.slice(0, 60);
      if (age) request.age = age;
      return age !== undefined;
    }
    case 'maritalStatus': {
      const status = textOf(response)?.slice(0, 60);
      if (status) request.maritalStatus = status;
      return status !== undefined;
    }
    case 'hasChildren': {
      const children = toYesNo(response);
      if (children) request.hasChildren = children;
      return children !== undefined;
    }
    case 'focusAreas': {
      const areas = toFocusAreas(response);
      if (areas) request.focusAreas = areas;
      return areas !== undefined;
    }
  }
}
