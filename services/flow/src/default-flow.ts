import {
  GENDER_OPTIONS,
  GENDER_QUESTION_TEXT,
  type QuestionType,
  type SubmissionBinding,
} from '@palm/contracts';

export interface SeedQuestion {
  type: QuestionType;
  questionText: string;
  options: string[] | null;
  binding: SubmissionBinding | null;
}

export const HAND_UPLOAD_QUESTION_TEXT = 'Upload a clear photo of your open palm';

/**
 * The questionnaire a fresh install serves, live at 100 %. Choice labels are what visitors read;
 * the wizard maps them onto submission values (focus labels to life areas, Yes/No to yes/no).
 */
export const DEFAULT_FLOW = {
  name: 'Default reading flow',
  description:
    'The standard questionnaire: gender and palm photo, focus areas, age, relationship and children.',
  questions: [
    {
      type: 'gender_question',
      questionText: GENDER_QUESTION_TEXT,
      options: [...GENDER_OPTIONS],
      binding: null,
    },
    { type: 'hand_image_upload', questionText: HAND_UPLOAD_QUESTION_TEXT, options: null, binding: null },
    {
      type: 'multiple_choice',
      questionText: 'Which areas of your life would you like your reading to focus on?',
      options: ['Love', 'Career', 'Health', 'Money', 'Spiritual Growth'],
      binding: 'focusAreas',
    },
    {
      type: 'single_choice',
      questionText: 'What is your age range?',
      options: ['18-25', '26-35', '36-45', '46-55', '56+'],
      binding: 'age',
    },
    {
      type: 'single_choice',
      questionText: 'What is your relationship status?',
      options: ['Single', 'In a relationship', 'Married', 'Divorced', 'Widowed'],
      binding: 'maritalStatus',
    },
    {
      type: 'single_choice',
      questionText: 'Do you have children?',
      options: ['Yes', 'No'],
      binding: 'hasChildren',
    },
    {
      type: 'text_entry',
      questionText: 'Is there a question or situation you would like your reading to speak to?',
      options: null,
      binding: null,
    },
  ] satisfies SeedQuestion[],
};
