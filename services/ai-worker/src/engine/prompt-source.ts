import { INTERNAL_TOKEN_HEADER, runtimePromptsSchema, type RuntimePrompts } from '@palm/contracts';

/**
 * Where the OpenAI narrator gets the operators' prompts. It asks on every reading, so an edited prompt
 * takes effect on the very next one ("Changes will take effect immediately") with no cache to
 * invalidate: in one process it is a database read, across processes one small HTTP call.
 */
export interface PromptSource {
  current(): Promise<RuntimePrompts>;
}

export const fixedPrompts = (prompts: RuntimePrompts): PromptSource => ({
  current: () => Promise.resolve(prompts),
});

/** The prompt service's GET /api/prompts/runtime, for a worker running in its own process. */
export function createRemotePromptSource(options: {
  promptUrl: string;
  internalToken?: string;
  timeoutMs?: number;
}): PromptSource {
  const endpoint = new URL('/api/prompts/runtime', options.promptUrl).toString();
  return {
    async current() {
      const response = await fetch(endpoint, {
        headers: options.internalToken ? { [INTERNAL_TOKEN_HEADER]: options.internalToken } : {},
        signal: AbortSignal.timeout(options.timeoutMs ?? 3_000),
      });
      if (!response.ok) throw new Error(`the prompt service answered ${response.status}`);
      return runtimePromptsSchema.parse(await response.json());
    },
  };
}

/** The same prompts with the operators' scratch prompt in the main prompt's place (the test run). */
export const withTestPromptAsMain = (source: PromptSource): PromptSource => ({
  async current() {
    const prompts = await source.current();
    return { ...prompts, main: prompts.test };
  },
});
