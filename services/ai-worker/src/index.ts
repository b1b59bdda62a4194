export { createAiWorkerService, type AiWorkerDeps, type AiWorkerService } from './ai-worker.service';
export { aiWorkerConfigSchema, type AiWorkerConfig } from './config';
export { createReadingEngines, type ReadingEngines } from './engine/create-engine';
export { createRemotePromptSource, fixedPrompts, type PromptSource } from './engine/prompt-source';
export { createPromptTestRunRouter } from './prompt-test-run.routes';
export {
  UnreadablePhotoError,
  type NormalisedImage,
  type ReadingEngine,
  type ReadingInput,
} from './engine/reading-engine';
export { createPalmObserver } from './engine/palm/observer';
export { LINE_NAMES } from './engine/palm/palm-observation';
export { PalmReadingEngine, type PalmObserver } from './engine/palm/palm-reading.engine';
export {
  OpenAINarrator,
  DEFAULT_READING_PROMPT,
  type OpenAINarratorOptions,
} from './engine/openai/openai.narrator';
export { sanitiseReadingResult, sanitiseText } from './engine/output-sanitiser';
export { normalisePalmImage } from './image/palm-image.normaliser';
export { normalisedImageKey } from './worker/reading-job.handler';
