import { z } from 'zod';

export const PROMPT_IDS = ['main', 'visual', 'test'] as const;
export const promptIdSchema = z.enum(PROMPT_IDS);
export type PromptId = z.infer<typeof promptIdSchema>;

export const PROMPT_MAX_CHARS = 20_000;
/**
 * "20,000". Not `toLocaleString`: formatting a number through ICU maps some 5 MB of its data into
 * the process, and this message is built when the module loads, in every service.
 */
const PROMPT_MAX_CHARS_TEXT = String(PROMPT_MAX_CHARS).replace(/\B(?=(\d{3})+$)/g, ',');

/** Spec §3: a prompt as operators see it (GET /api/admin/prompts). */
export const promptSchema = z.object({
  id: promptIdSchema,
  name: z.string(),
  description: z.string(),
  content: z.string(),
  isActive: z.boolean(),
  lastModified: z.string(),
});
export type Prompt = z.infer<typeof promptSchema>;

/** One saved text of a prompt (GET /api/admin/prompts/{id}/versions, newest first). */
export const promptVersionSchema = z.object({
  /** Unique across prompts: what restore names. */
  id: z.number().int(),
  /** The version's number within its own prompt: 1 for its first saved text. */
  number: z.number().int().positive(),
  promptId: promptIdSchema,
  content: z.string(),
  savedAt: z.string(),
});
export type PromptVersion = z.infer<typeof promptVersionSchema>;

/** PUT /api/admin/prompts/{id} */
export const updatePromptInputSchema = z.object({
  content: z
    .string({ error: 'Prompt content must not be empty' })
    .refine((content) => content.trim().length > 0, 'Prompt content must not be empty')
    .refine(
      (content) => content.length <= PROMPT_MAX_CHARS,
      `Prompt content must be at most ${PROMPT_MAX_CHARS_TEXT} characters`,
    ),
});
export type UpdatePromptInput = z.infer<typeof updatePromptInputSchema>;

/**
 * GET /api/prompts/runtime: the texts the reading engine uses right now. Internal to the services;
 * when INTERNAL_TOKEN is configured, callers send it in this header.
 */
export const runtimePromptsSchema = z.object({ main: z.string(), visual: z.string(), test: z.string() });
export type RuntimePrompts = z.infer<typeof runtimePromptsSchema>;
export const INTERNAL_TOKEN_HEADER = 'x-internal-token';

/**
 * POST /api/admin/prompts/test-run (multipart: palmImage, promptId): runs the engine on a photo
 * without creating a visitor reading. `main` runs the live prompts; `test` puts the operators'
 * scratch prompt in the main prompt's place.
 */
export const TEST_RUN_PROMPT_IDS = ['main', 'test'] as const;
export const testRunPromptIdSchema = z.enum(TEST_RUN_PROMPT_IDS, {
  error: 'promptId must be "main" or "test"',
});
export type TestRunPromptId = z.infer<typeof testRunPromptIdSchema>;

export const promptTestRunResultSchema = z.object({
  promptId: testRunPromptIdSchema,
  engine: z.string(),
  durationMs: z.number(),
  /** Whether the engine used the prompts at all: the local engine reads without them. */
  usesPrompts: z.boolean(),
  /** Said beside the result: whether this run's prompts shaped it (PROMPTS_IDLE_NOTE / _LIVE_NOTE). */
  note: z.string(),
  result: z.unknown(),
});
export type PromptTestRunResult = z.infer<typeof promptTestRunResultSchema>;

/**
 * What the Prompts screen and the test run say about the engine in use: the local engine (the
 * default) reads palms without any prompt, so operators are told their edits wait for a model.
 */
export const PROMPTS_IDLE_NOTE =
  'The local engine is reading palms, and it does not use these prompts. They take effect once a vision model is configured (OPENAI_API_KEY).';
export const PROMPTS_LIVE_NOTE =
  'A vision model is reading palms with these prompts: saved changes apply to the next reading.';

/** GET /api/admin/prompts/engine: the engine that reads visitors' photos now (admin session). */
export const activeEngineSchema = z.object({
  /** The engine's name: 'palm-local', or 'palm-openai' with a vision model. */
  engine: z.string(),
  kind: z.enum(['local', 'vision-model']),
  usesPrompts: z.boolean(),
  /** One of PROMPTS_IDLE_NOTE / PROMPTS_LIVE_NOTE. */
  note: z.string(),
});
export type ActiveEngine = z.infer<typeof activeEngineSchema>;

export function activeEngineOf(engine: string, usesPrompts: boolean): ActiveEngine {
  return usesPrompts
    ? { engine, kind: 'vision-model', usesPrompts, note: PROMPTS_LIVE_NOTE }
    : { engine, kind: 'local', usesPrompts, note: PROMPTS_IDLE_NOTE };
}
