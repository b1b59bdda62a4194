import type { Migration } from '@palm/platform';
import { DEFAULT_PROMPTS } from './default-prompts';

export const PROMPT_MIGRATIONS_TABLE = 'prompt_migrations';

export const promptMigrations: Migration[] = [
  {
    name: '001_prompts_and_versions',
    async up(db) {
      await db.schema.createTable('prompts', (table) => {
        table.string('id', 32).primary();
        table.text('name').notNullable();
        table.text('description').notNullable();
        table.text('content').notNullable();
        table.boolean('is_active').notNullable();
        table.timestamp('last_modified', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      await db.schema.createTable('prompt_versions', (table) => {
        table.increments('id');
        table.string('prompt_id', 32).notNullable().references('prompts.id').onDelete('CASCADE');
        table.text('content').notNullable();
        table.timestamp('saved_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        table.index(['prompt_id', 'id']);
      });
    },
  },
  {
    // Runs once per database: the seeded texts never overwrite an operator's edits.
    name: '002_seed_prompts',
    async up(db) {
      for (const prompt of DEFAULT_PROMPTS) {
        await db('prompts').insert({
          id: prompt.id,
          name: prompt.name,
          description: prompt.description,
          content: prompt.content,
          is_active: prompt.isActive,
        });
        await db('prompt_versions').insert({ prompt_id: prompt.id, content: prompt.content });
      }
    },
  },
];
