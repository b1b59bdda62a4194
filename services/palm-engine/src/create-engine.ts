import type { TestRunPromptId } from '@palm/contracts';
import type { EngineConfig } from './engine.config';
import type { EngineHost } from './engine-host';
import { OpenAINarrator } from './openai/openai.narrator';
import { VisualAnalysisObserver } from './openai/visual-analysis.observer';
import { createPalmObserver } from './observer';
import { PalmReadingEngine, type PalmObserver } from './palm-reading.engine';
import { withTestPromptAsMain, type PromptSource } from './prompt-source';
import type { ReadingEngine } from './reading-engine';

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
  host: EngineHost,
  prompts: PromptSource,
): Promise<ReadingEngines> {
  const observer = await createPalmObserver();
  const apiKey = config.OPENAI_API_KEY;
  if (!apiKey) {
    host.logger.info({}, 'OPENAI_API_KEY is not set; the local narrator words the readings');
    const engine = new PalmReadingEngine(observer, { host });
    return { engine, usesPrompts: false, engineFor: () => engine };
  }
  host.logger.info(
    { model: config.OPENAI_MODEL, baseURL: config.OPENAI_BASE_URL },
    'the OpenAI narrator words the readings',
  );
  const engineWith = (source: PromptSource): ReadingEngine =>
    palmEngineWithOpenAI(observer, { ...config, OPENAI_API_KEY: apiKey }, host, source);
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
  host: EngineHost,
  prompts: PromptSource,
): PalmReadingEngine {
  const connection = {
    apiKey: config.OPENAI_API_KEY,
    baseURL: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
  };
  const narrator = new OpenAINarrator({ ...connection, prompts, logger: host.logger });
  const visualObserver = new VisualAnalysisObserver(observer, { ...connection, prompts, host });
  return new PalmReadingEngine(visualObserver, { narrator, host });
}
