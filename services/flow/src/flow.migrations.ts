import type { Migration } from '@palm/platform';
import { DEFAULT_FLOW } from './default-flow';

export const FLOW_MIGRATIONS_TABLE = 'flow_migrations';

export const flowMigrations: Migration[] = [
  {
    name: '001_flows_questions_assignments_analytics',
    async up(db) {
      await db.schema.createTable('flows', (table) => {
        table.increments('id');
        table.text('name').notNullable();
        table.text('description');
        table.integer('version').notNullable().defaultTo(1);
        table.boolean('is_live').notNullable().defaultTo(false);
        table.double('traffic_percentage').notNullable().defaultTo(0);
        table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      await db.schema.createTable('questions', (table) => {
        table.increments('id');
        table.integer('flow_id').notNullable().references('flows.id').onDelete('CASCADE');
        table.text('type').notNullable();
        table.text('question_text').notNullable();
        table.jsonb('options');
        table.integer('sequence').notNullable();
        table.text('binding');
        // The hand upload added with a gender question points at it, so removing one removes both.
        table.integer('paired_question_id').references('questions.id').onDelete('CASCADE');
        table.index(['flow_id', 'sequence']);
      });
      await db.schema.createTable('flow_assignments', (table) => {
        table.string('visitor_id', 64).primary();
        table.integer('flow_id').notNullable().references('flows.id').onDelete('CASCADE');
        table.timestamp('assigned_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
      await db.schema.createTable('flow_analytics', (table) => {
        table.integer('flow_id').notNullable().references('flows.id').onDelete('CASCADE');
        table.integer('flow_version').notNullable();
        table.integer('served').notNullable().defaultTo(0);
        table.integer('readings').notNullable().defaultTo(0);
        table.primary(['flow_id', 'flow_version']);
      });
      await db.schema.createTable('flow_served_visitors', (table) => {
        table.string('visitor_id', 64).notNullable();
        table.integer('flow_id').notNullable().references('flows.id').onDelete('CASCADE');
        table.integer('flow_version').notNullable();
        table.primary(['visitor_id', 'flow_id', 'flow_version']);
      });
      // reading.completed can be delivered more than once; a reading counts once.
      await db.schema.createTable('flow_processed_readings', (table) => {
        table.string('reading_id', 64).primary();
        table.timestamp('processed_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
    },
  },
  {
    // A migration runs once per database, so the default flow arrives on the first start only and
    // an operator who deletes it does not see it come back.
    name: '002_seed_default_flow',
    async up(db) {
      const [flow] = await db('flows')
        .insert({
          name: DEFAULT_FLOW.name,
          description: DEFAULT_FLOW.description,
          is_live: true,
          traffic_percentage: 100,
        })
        .returning<{ id: number }[]>('id');
      if (!flow) throw new Error('the default flow was not inserted');
      let genderQuestionId: number | null = null;
      for (const [index, question] of DEFAULT_FLOW.questions.entries()) {
        const [row]: { id: number }[] = await db('questions')
          .insert({
            flow_id: flow.id,
            type: question.type,
            question_text: question.questionText,
            options: question.options ? JSON.stringify(question.options) : null,
            sequence: index + 1,
            binding: question.binding,
            paired_question_id: question.type === 'hand_image_upload' ? genderQuestionId : null,
          })
          .returning<{ id: number }[]>('id');
        if (question.type === 'gender_question') genderQuestionId = row?.id ?? null;
      }
    },
  },
];
