import type { Knex } from 'knex';
import type { Prompt, PromptId, PromptVersion, RuntimePrompts } from '@palm/contracts';
import { notFound, type Logger, type MessageBus } from '@palm/platform';
import { createPromptRepository } from './prompt.repository';

const PROMPT_NOT_FOUND = 'The requested prompt could not be found.';

/**
 * Saving and restoring prompts. Every saved text is kept as a version, and every change is
 * announced with `prompt.updated` so the reading worker uses it on the very next reading.
 */
export function createPromptEditor(deps: { db: Knex; bus: MessageBus; logger: Logger }) {
  const repository = createPromptRepository(deps.db);

  async function announce(prompt: Prompt): Promise<void> {
    try {
      await deps.bus.publish('prompt.updated', {
        version: 1,
        promptId: prompt.id,
        updatedAt: prompt.lastModified,
      });
    } catch (error) {
      // The text is saved either way; a worker that missed the event reads prompts on its next refresh.
      deps.logger.error({ err: error, promptId: prompt.id }, 'could not announce the prompt update');
    }
  }

  async function save(id: PromptId, content: string): Promise<Prompt> {
    const prompt = await repository.save(id, content);
    if (!prompt) throw notFound(PROMPT_NOT_FOUND);
    deps.logger.info({ promptId: id, characters: content.length }, 'prompt saved');
    await announce(prompt);
    return prompt;
  }

  return {
    list: () => repository.list(),

    save,

    versions(id: PromptId): Promise<PromptVersion[]> {
      return repository.versions(id);
    },

    /** Restoring saves the old text again as the newest version, so history only ever grows. */
    async restore(id: PromptId, versionId: number): Promise<Prompt> {
      const version = await repository.findVersion(id, versionId);
      if (!version) throw notFound('The requested prompt version could not be found.');
      return save(id, version.content);
    },

    async runtimePrompts(): Promise<RuntimePrompts> {
      const [main, visual, test] = await Promise.all([
        repository.find('main'),
        repository.find('visual'),
        repository.find('test'),
      ]);
      if (!main || !visual || !test) throw new Error('the prompts are missing; were migrations run?');
      return { main: main.content, visual: visual.content, test: test.content };
    },
  };
}

export type PromptEditor = ReturnType<typeof createPromptEditor>;
