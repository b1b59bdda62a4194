import OpenAI from 'openai';
import type { EngineLogger } from '../engine-host';
import type { NormalisedImage } from '../reading-engine';
import type { PromptSource } from '../prompt-source';

/** The model answered, but not in a shape a reading can use: the caller falls back to the local engine. */
export class UnusableModelOutputError extends Error {
  override name = 'UnusableModelOutputError';
}

export interface OpenAIConnection {
  apiKey: string;
  baseURL?: string;
  model: string;
}

/**
 * The SDK's defaults (10 minutes × 2 retries) could outlast the broker's consumer timeout; a
 * reading that waits a minute on the model is better served by the local fallback.
 */
export const createOpenAIClient = ({ apiKey, baseURL }: OpenAIConnection): OpenAI =>
  new OpenAI({ apiKey, baseURL, timeout: 60_000, maxRetries: 2 });

export const jpegDataUrl = (image: NormalisedImage): string =>
  `data:image/jpeg;base64,${image.data.toString('base64')}`;

/**
 * The operators' prompt of that kind, read on every call so an edit takes effect on the next
 * reading. An unreachable prompt service must not stop readings: the built-in prompt stands in.
 */
export async function promptOrBuiltIn(
  prompts: PromptSource | undefined,
  kind: 'main' | 'visual',
  builtIn: string,
  logger: EngineLogger,
): Promise<string> {
  if (!prompts) return builtIn;
  try {
    return (await prompts.current())[kind];
  } catch (error) {
    logger.warn({ err: error, prompt: kind }, `could not load the ${kind} prompt; using the built-in one`);
    return builtIn;
  }
}
