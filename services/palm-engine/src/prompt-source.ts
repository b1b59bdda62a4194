import type { RuntimePrompts } from '@palm/contracts';

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

/** The same prompts with the operators' scratch prompt in the main prompt's place (the test run). */
export const withTestPromptAsMain = (source: PromptSource): PromptSource => ({
  async current() {
    const prompts = await source.current();
    return { ...prompts, main: prompts.test };
  },
});
