import { z } from 'zod';

export const QUESTION_TYPES = [
  'single_choice',
  'multiple_choice',
  'text_entry',
  'gender_question',
  'hand_image_upload',
] as const;
export const questionTypeSchema = z.enum(QUESTION_TYPES, { error: 'Question type is required' });
export type QuestionType = z.infer<typeof questionTypeSchema>;

/** Spec §3: the labels operators see in the question-type select. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  single_choice: 'Multiple Choice (Single Answer)',
  multiple_choice: 'Multiple Choice (Multiple Answers)',
  text_entry: 'Text Entry',
  gender_question: 'Gender Question (Auto-adds Hand Upload)',
  hand_image_upload: 'Hand Image Upload',
};

export const CHOICE_QUESTION_TYPES: readonly QuestionType[] = ['single_choice', 'multiple_choice'];
export const GENDER_QUESTION_TEXT = 'What was your designated gender at birth?';
export const GENDER_OPTIONS = ['Male', 'Female'] as const;

/**
 * A question may feed one field of the reading submission, so the wizard fills `age`,
 * `focusAreas`… from the visitor's answers instead of the spec's defaults.
 */
export const SUBMISSION_BINDINGS = [
  'dominantHand',
  'age',
  'maritalStatus',
  'hasChildren',
  'focusAreas',
] as const;
export const submissionBindingSchema = z.enum(SUBMISSION_BINDINGS);
export type SubmissionBinding = z.infer<typeof submissionBindingSchema>;

export const questionSchema = z.object({
  id: z.number().int(),
  type: questionTypeSchema,
  questionText: z.string(),
  options: z.array(z.string()).nullable(),
  sequence: z.number().int().min(1),
  binding: submissionBindingSchema.nullable(),
});
export type Question = z.infer<typeof questionSchema>;

/** GET /api/flows/active */
export const activeFlowSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  questions: z.array(questionSchema),
});
export type ActiveFlow = z.infer<typeof activeFlowSchema>;

export const flowAnalyticsSchema = z.object({
  served: z.number().int(),
  readings: z.number().int(),
  completionRate: z.number(),
});
export type FlowAnalytics = z.infer<typeof flowAnalyticsSchema>;

/** A flow as operators see it (GET /api/admin/flows, GET /api/admin/flows/{id}). */
export const adminFlowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  version: z.number().int(),
  isLive: z.boolean(),
  trafficPercentage: z.number(),
  createdAt: z.string(),
  questions: z.array(questionSchema),
  analytics: flowAnalyticsSchema,
});
export type AdminFlow = z.infer<typeof adminFlowSchema>;

/** Per flow version, for comparing versions of one flow in an A/B test. */
export const flowVersionAnalyticsSchema = flowAnalyticsSchema.extend({ version: z.number().int() });
export type FlowVersionAnalytics = z.infer<typeof flowVersionAnalyticsSchema>;

/** A flow with its analytics split by version (GET /api/admin/flows/{id}); `analytics` is the sum. */
export const adminFlowDetailSchema = adminFlowSchema.extend({
  analyticsByVersion: z.array(flowVersionAnalyticsSchema),
});
export type AdminFlowDetail = z.infer<typeof adminFlowDetailSchema>;

export const FLOW_NAME_MAX_CHARS = 120;
export const FLOW_DESCRIPTION_MAX_CHARS = 1000;
export const QUESTION_TEXT_MAX_CHARS = 500;
export const QUESTION_OPTION_MAX_CHARS = 200;
export const QUESTION_OPTIONS_MAX = 20;

/** POST /api/admin/flows */
export const createFlowInputSchema = z.object({
  name: z
    .string({ error: 'Flow name is required' })
    .trim()
    .min(1, 'Flow name is required')
    .max(FLOW_NAME_MAX_CHARS, `Flow name must be at most ${FLOW_NAME_MAX_CHARS} characters`),
  description: z
    .string({ error: 'Description must be text' })
    .trim()
    .max(FLOW_DESCRIPTION_MAX_CHARS, `Description must be at most ${FLOW_DESCRIPTION_MAX_CHARS} characters`)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type CreateFlowInput = z.infer<typeof createFlowInputSchema>;

export const TRAFFIC_PERCENTAGE_MESSAGE = 'Traffic percentage must be a number from 0 to 100';

/**
 * POST /api/admin/flows/{id}/toggle-live. Going live without a percentage means full traffic (the
 * list's Go Live); disabling always sets the traffic to 0, as the spec's Disable does.
 */
export const toggleLiveInputSchema = z
  .object({
    isLive: z.boolean({ error: 'isLive must be true or false' }),
    trafficPercentage: z
      .number({ error: TRAFFIC_PERCENTAGE_MESSAGE })
      .min(0, TRAFFIC_PERCENTAGE_MESSAGE)
      .max(100, TRAFFIC_PERCENTAGE_MESSAGE)
      .optional(),
  })
  .transform(({ isLive, trafficPercentage }) => ({
    isLive,
    trafficPercentage: isLive ? (trafficPercentage ?? 100) : 0,
  }));
export type ToggleLiveInput = z.infer<typeof toggleLiveInputSchema>;

/** PUT /api/admin/flows/{id}/questions/sequence: the full list; the server renumbers from 1. */
export const reorderQuestionsInputSchema = z.object({
  questionSequences: z
    .array(
      z.object({
        id: z
          .number({ error: 'Each question id must be a whole number' })
          .int('Each question id must be a whole number'),
        sequence: z.number({ error: 'Each sequence must be a number' }),
      }),
      { error: 'questionSequences must be a list of question ids and sequences' },
    )
    .min(1, 'questionSequences must list the questions of the flow'),
});
export type ReorderQuestionsInput = z.infer<typeof reorderQuestionsInputSchema>;

/** Which question type can fill each submission field: focus areas are many, the rest one answer. */
export const BINDING_QUESTION_TYPES: Record<SubmissionBinding, QuestionType> = {
  dominantHand: 'single_choice',
  age: 'single_choice',
  maritalStatus: 'single_choice',
  hasChildren: 'single_choice',
  focusAreas: 'multiple_choice',
};

const isChoiceType = (type: QuestionType) => CHOICE_QUESTION_TYPES.includes(type);

/**
 * POST /api/admin/flows/{id}/questions and PUT /api/admin/questions/{id}, with spec §5's rules and
 * messages. The output is what gets stored: a gender question's text and options are the server's,
 * empty options are dropped and non-choice types carry no options. `sequence` is accepted but the
 * server decides it (count + 1 on create, unchanged on edit).
 */
export const questionInputSchema = z
  .object({
    type: questionTypeSchema,
    questionText: z
      .string({ error: 'Question text must be text' })
      .max(QUESTION_TEXT_MAX_CHARS, `Question text must be at most ${QUESTION_TEXT_MAX_CHARS} characters`)
      .nullish(),
    options: z
      .array(
        z
          .string({ error: 'Each option must be text' })
          .max(
            QUESTION_OPTION_MAX_CHARS,
            `Each option must be at most ${QUESTION_OPTION_MAX_CHARS} characters`,
          ),
        { error: 'Options must be a list of text' },
      )
      .max(QUESTION_OPTIONS_MAX, `A question may have at most ${QUESTION_OPTIONS_MAX} options`)
      .nullish(),
    sequence: z.number().optional(),
    binding: submissionBindingSchema.nullish(),
  })
  .transform((input, ctx) => {
    if (input.type === 'gender_question') {
      return {
        type: input.type,
        questionText: GENDER_QUESTION_TEXT,
        options: [...GENDER_OPTIONS] as string[] | null,
        binding: null,
      };
    }
    const questionText = (input.questionText ?? '').trim();
    if (!questionText)
      ctx.addIssue({ code: 'custom', path: ['questionText'], message: 'Question text is required' });
    let options: string[] | null = null;
    if (isChoiceType(input.type)) {
      options = (input.options ?? []).map((option) => option.trim()).filter(Boolean);
      if (options.length < 2) {
        ctx.addIssue({
          code: 'custom',
          path: ['options'],
          message: 'At least 2 options are required for choice questions',
        });
      }
    }
    const binding = input.binding ?? null;
    if (binding) {
      const needed = BINDING_QUESTION_TYPES[binding];
      if (input.type !== needed) {
        ctx.addIssue({
          code: 'custom',
          path: ['binding'],
          message: `An answer for ${binding} must come from a "${QUESTION_TYPE_LABELS[needed]}" question`,
        });
      }
    }
    return { type: input.type, questionText, options, binding };
  });
export type QuestionInput = z.infer<typeof questionInputSchema>;
