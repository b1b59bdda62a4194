import { INTERNAL_TOKEN_HEADER, runtimePromptsSchema } from '@palm/contracts';
import type { PromptSource } from '@palm/palm-engine';

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
