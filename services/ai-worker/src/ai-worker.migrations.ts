import type { Migration } from '@palm/platform';

export const AI_WORKER_MIGRATIONS_TABLE = 'ai_worker_migrations';

export const aiWorkerMigrations: Migration[] = [
  {
    name: '001_ai_worker_jobs',
    async up(db) {
      await db.schema.createTable('ai_worker_jobs', (table) => {
        table.text('reading_id').primary();
        table.text('status').notNullable().checkIn(['claimed', 'done']);
        // The message that holds the claim: its own redelivery may take the job over at once.
        table.text('message_id').notNullable();
        table.jsonb('outcome');
        table.integer('attempts').notNullable().defaultTo(1);
        table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
    },
  },
];
