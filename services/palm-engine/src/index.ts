export { createReadingEngines, type ReadingEngines } from './create-engine';
export { engineConfigSchema, type EngineConfig } from './engine.config';
export type { EngineFallback, EngineHost, EngineLogger, FallbackReason } from './engine-host';
export { fixedPrompts, withTestPromptAsMain, type PromptSource } from './prompt-source';
export {
  UnreadablePhotoError,
  type NormalisedImage,
  type ReadingEngine,
  type ReadingInput,
} from './reading-engine';
export { createPalmObserver, RETAKE_MESSAGES } from './observer';
export { profileSimilarity } from './profile/profile-similarity';
// The pose gate lives in @palm/hand-pose, free of TensorFlow and sharp, so the browser's live
// capture imports it from there and judges a hand exactly as the engine does.
export {
  judgePose,
  measurePose,
  POSE_ADVICE,
  type HandLandmarks,
  type PoseMeasures,
  type PoseProblem,
  type PoseVerdict,
} from '@palm/hand-pose';
export { LINE_NAMES } from './palm-observation';
export { PalmReadingEngine, type PalmObserver } from './palm-reading.engine';
export { DEFAULT_READING_PROMPT } from './openai/openai.narrator';
