import type { Logger } from '@palm/platform';
import type { AiWorkerConfig } from '../config';
import { LocalEngine } from './local/local.engine';
import { OpenAIEngine } from './openai/openai.engine';
import type { TestRunPromptId } from '@palm/contracts';
import { withTestPromptAsMain, type PromptSource } from './prompt-source';
import type { ReadingEngine } from './reading-engine';

type EngineConfig = Pick<AiWorkerConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>;

/** OpenAI when OPENAI_API_KEY is set (with the local engine as its fallback), else the local engine. */
export function createReadingEngine(
  config: EngineConfig,
  logger: Logger,
  prompts?: PromptSource,
): ReadingEngine {
  const local = new LocalEngine();
  if (!config.OPENAI_API_KEY) {
    logger.info('OPENAI_API_KEY is not set; readings come from the local engine');
    return local;
  }
  logger.info(
    { model: config.OPENAI_MODEL, baseURL: config.OPENAI_BASE_URL },
    'readings come from the OpenAI engine',
  );
  return new OpenAIEngine({
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
    prompts,
    fallback: local,
    logger,
  });
}

export interface ReadingEngines {
  /** Reads the visitors' photos with the live prompts. */
  engine: ReadingEngine;
  /** The engine for a prompt test run: the live prompts, or the scratch prompt as the main one. */
  engineFor(promptId: TestRunPromptId): ReadingEngine;
  /** False for the local engine, which reads without prompts. */
  usesPrompts: boolean;
}

export function createReadingEngines(
  config: EngineConfig,
  logger: Logger,
  prompts: PromptSource,
): ReadingEngines {
  const engine = createReadingEngine(config, logger, prompts);
  return {
    engine,
    usesPrompts: Boolean(config.OPENAI_API_KEY),
    engineFor: (promptId) =>
      promptId === 'test' ? createReadingEngine(config, logger, withTestPromptAsMain(prompts)) : engine,
  };
}
