export { createAiWorkerService, type AiWorkerDeps, type AiWorkerService } from './ai-worker.service';
export { aiWorkerConfigSchema, type AiWorkerConfig } from './config';
export { workerEngineHost } from './engine-host';
export { createRemotePromptSource } from './remote-prompt-source';
export { createPromptTestRunRouter } from './prompt-test-run.routes';
export { normalisedImageKey } from './worker/reading-job.handler';
