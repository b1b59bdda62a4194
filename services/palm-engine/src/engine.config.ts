import { z } from 'zod';

/** The settings the engine reads from the environment: with an API key, OpenAI words the readings. */
export const engineConfigSchema = z.object({
  /** With a key the OpenAI narrator words the readings; without one the local narrator does. */
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.url({ error: 'expected a URL' }).optional(),
  OPENAI_MODEL: z.string().default('gpt-4.1-mini'),
});
export type EngineConfig = z.infer<typeof engineConfigSchema>;
