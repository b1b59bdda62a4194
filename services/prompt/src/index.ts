export { createPromptService, type PromptService, type PromptServiceDeps } from './prompt.service';
export { promptConfigSchema, type PromptConfig } from './config';
export { DEFAULT_PROMPTS } from './default-prompts';
