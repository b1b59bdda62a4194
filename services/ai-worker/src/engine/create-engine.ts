import type { Logger } from '@palm/platform';
import type { AiWorkerConfig } from '../config';
import { LocalEngine } from './local/local.engine';
import { OpenAIEngine } from './openai/openai.engine';
import type { ReadingEngine } from './reading-engine';

type EngineConfig = Pick<AiWorkerConfig, 'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL'>;

/** OpenAI when OPENAI_API_KEY is set (with the local engine as its fallback), else the local engine. */
export function createReadingEngine(config: EngineConfig, logger: Logger): ReadingEngine {
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
    fallback: local,
    logger,
  });
}
