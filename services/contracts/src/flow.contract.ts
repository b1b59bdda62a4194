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
export const SUBMISSION_BINDINGS = ['dominantHand', 'age', 'maritalStatus', 'hasChildren', 'focusAreas'] as const;
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
