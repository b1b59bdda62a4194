import type { TestRunPromptId } from '@palm/contracts';
import type { Logger } from '@palm/platform';
import type { AiWorkerConfig } from '../config';
import { OpenAINarrator } from './openai/openai.narrator';
import { VisualAnalysisObserver } from './openai/visual-analysis.observer';
import { createPalmObserver } from './palm/observer';
import { PalmReadingEngine, type PalmObserver } from './palm/palm-reading.engine';
import { withTestPromptAsMain, type PromptSource } from './prompt-source';
import type { ReadingEngine } from './reading-engine';

type EngineConfig = Pick<AiWorkerConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>;

export interface ReadingEngines {
  /** Reads the visitors' photos with the live prompts. */
  engine: ReadingEngine;
  /** The engine for a prompt test run: the live prompts, or the scratch prompt as the main one. */
  engineFor(promptId: TestRunPromptId): ReadingEngine;
  /** False for the local narrator, which reads without prompts. */
  usesPrompts: boolean;
}

/**
 * The palm engine, with its observer loaded once. With OPENAI_API_KEY set a vision model adds what it
 * sees to the local observation ("Visual Analysis") and words the sections ("Main Palm Reading"), as
 * 'palm-openai', the local observation and narrator its fallbacks; without it, all is local ('palm-local').
 */
export async function createReadingEngines(
  config: EngineConfig,
  logger: Logger,
  prompts: PromptSource,
): Promise<ReadingEngines> {
  const observer = await createPalmObserver();
  const apiKey = config.OPENAI_API_KEY;
  if (!apiKey) {
    logger.info('OPENAI_API_KEY is not set; the local narrator words the readings');
    const engine = new PalmReadingEngine(observer, { logger });
    return { engine, usesPrompts: false, engineFor: () => engine };
  }
  logger.info(
    { model: config.OPENAI_MODEL, baseURL: config.OPENAI_BASE_URL },
    'the OpenAI narrator words the readings',
  );
  const engineWith = (source: PromptSource): ReadingEngine =>
    palmEngineWithOpenAI(observer, { ...config, OPENAI_API_KEY: apiKey }, logger, source);
  const engine = engineWith(prompts);
  const testEngine = engineWith(withTestPromptAsMain(prompts));
  return {
    engine,
    usesPrompts: true,
    engineFor: (promptId) => (promptId === 'test' ? testEngine : engine),
  };
}

function palmEngineWithOpenAI(
  observer: PalmObserver,
  config: EngineConfig & { OPENAI_API_KEY: string },
  logger: Logger,
  prompts: PromptSource,
): PalmReadingEngine {
  const connection = {
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
  };
  const narrator = new OpenAINarrator({ ...connection, prompts, logger });
  const visualObserver = new VisualAnalysisObserver(observer, { ...connection, prompts, logger });
  return new PalmReadingEngine(visualObserver, { narrator, logger });
}
