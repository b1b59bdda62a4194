import {
  BINDING_QUESTION_TYPES,
  CHOICE_QUESTION_TYPES,
  GENDER_OPTIONS,
  GENDER_QUESTION_TEXT,
  questionInputSchema,
  SUBMISSION_BINDINGS,
  type Question,
  type QuestionType,
  type SubmissionBinding,
} from '@palm/contracts';
import type { QuestionRequest } from '../api/admin-flows.api';

/** Spec §5: the form starts with two empty options and never shows fewer. */
export const MIN_OPTION_FIELDS = 2;

/** The types an operator picks; the hand upload is added by the server with a gender question. */
export const SELECTABLE_QUESTION_TYPES = [
  'single_choice',
  'multiple_choice',
  'text_entry',
  'gender_question',
] as const satisfies readonly QuestionType[];

export const BINDING_LABELS: Record<SubmissionBinding, string> = {
  dominantHand: 'Dominant hand',
  age: 'Age',
  maritalStatus: 'Marital status',
  hasChildren: 'Has children',
  focusAreas: 'Focus areas',
};

export interface QuestionFormValues {
  type: QuestionType | '';
  questionText: string;
  options: string[];
  binding: SubmissionBinding | null;
}

export type QuestionFormErrors = Partial<Record<'type' | 'questionText' | 'options' | 'binding', string>>;

export const isChoiceType = (type: QuestionType | '') => type !== '' && CHOICE_QUESTION_TYPES.includes(type);

export function emptyQuestionForm(): QuestionFormValues {
  return { type: '', questionText: '', options: Array<string>(MIN_OPTION_FIELDS).fill(''), binding: null };
}

export function questionFormFrom(question: Question): QuestionFormValues {
  const options = [...(question.options ?? [])];
  while (options.length < MIN_OPTION_FIELDS) options.push('');
  return { type: question.type, questionText: question.questionText, options, binding: question.binding };
}

/** What the form shows for a type: a gender question's text and options are fixed. */
export function displayedValues(values: QuestionFormValues): QuestionFormValues {
  if (values.type !== 'gender_question') return values;
  return { ...values, questionText: GENDER_QUESTION_TEXT, options: [...GENDER_OPTIONS], binding: null };
}

/** The bindings a question of this type may carry. */
export function bindingsFor(type: QuestionType | ''): SubmissionBinding[] {
  return SUBMISSION_BINDINGS.filter((binding) => BINDING_QUESTION_TYPES[binding] === type);
}

/**
 * Checks the form with the same schema the server applies (spec §5 messages) and builds the
 * request: empty options dropped, non-choice types without options, gender text fixed.
 */
export function validateQuestionForm(
  values: QuestionFormValues,
  sequence: number,
): { ok: true; request: QuestionRequest } | { ok: false; errors: QuestionFormErrors } {
  const parsed = questionInputSchema.safeParse({
    type: values.type === '' ? undefined : values.type,
    questionText: values.questionText,
    options: isChoiceType(values.type) ? values.options : null,
    binding: values.binding,
  });
  if (!parsed.success) {
    const errors: QuestionFormErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (field === 'type' || field === 'questionText' || field === 'options' || field === 'binding') {
        errors[field] ??= issue.message;
      }
    }
    return { ok: false, errors };
  }
  return { ok: true, request: { ...parsed.data, sequence } };
}
