import type { Knex } from 'knex';
import type { Prompt, PromptId, PromptVersion } from '@palm/contracts';

interface PromptRow {
  id: PromptId;
  name: string;
  description: string;
  content: string;
  is_active: boolean;
  last_modified: Date | string;
}

interface VersionRow {
  id: number;
  number: number | string;
  prompt_id: PromptId;
  content: string;
  saved_at: Date | string;
}

const toPrompt = (row: PromptRow): Prompt => ({
  id: row.id,
  name: row.name,
  description: row.description,
  content: row.content,
  isActive: row.is_active,
  lastModified: new Date(row.last_modified).toISOString(),
});

const toVersion = (row: VersionRow): PromptVersion => ({
  id: row.id,
  number: Number(row.number),
  promptId: row.prompt_id,
  content: row.content,
  savedAt: new Date(row.saved_at).toISOString(),
});

const PROMPT_ORDER: Record<PromptId, number> = { main: 1, visual: 2, test: 3 };

export function createPromptRepository(db: Knex) {
  const numbered = (id: PromptId) =>
    db('prompt_versions')
      .where({ prompt_id: id })
      .select<VersionRow[]>('*', db.raw('row_number() over (order by id) as number'));

  return {
    async list(): Promise<Prompt[]> {
      const rows = await db('prompts').select<PromptRow[]>('*');
      return rows.map(toPrompt).sort((a, b) => PROMPT_ORDER[a.id] - PROMPT_ORDER[b.id]);
    },

    async find(id: PromptId): Promise<Prompt | undefined> {
      const row = await db('prompts').select('*').where({ id }).first<PromptRow | undefined>();
      return row && toPrompt(row);
    },

    /** Saves new content and keeps it as a version, both or neither; undefined for an unknown prompt. */
    save(id: PromptId, content: string): Promise<Prompt | undefined> {
      return db.transaction(async (trx) => {
        const [row] = await trx('prompts')
          .where({ id })
          .update({ content, last_modified: trx.fn.now() })
          .returning<PromptRow[]>('*');
        if (!row) return undefined;
        await trx('prompt_versions').insert({ prompt_id: id, content });
        return toPrompt(row);
      });
    },

    /** Every saved version, newest first, numbered within its prompt (ids run across all prompts). */
    async versions(id: PromptId): Promise<PromptVersion[]> {
      const rows = await numbered(id).orderBy('id', 'desc');
      return rows.map(toVersion);
    },

    async findVersion(id: PromptId, versionId: number): Promise<PromptVersion | undefined> {
      const row = await db
        .from(numbered(id).as('numbered'))
        .where({ id: versionId })
        .first<VersionRow | undefined>();
      return row && toVersion(row);
    },
  };
}
