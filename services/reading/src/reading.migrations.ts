import type { Migration } from '@palm/platform';

export const READING_MIGRATIONS_TABLE = 'reading_migrations';

export const readingMigrations: Migration[] = [
  {
    name: '001_readings_and_outbox',
    async up(db) {
      await db.schema.createTable('readings', (table) => {
        table.string('id', 22).primary();
        table.string('status', 16).notNullable();
        table.text('original_image_key');
        table.text('image_key');
        table.jsonb('submission').notNullable();
        table.jsonb('result');
        table.string('failure_kind', 32);
        table.text('error');
        table.integer('flow_id');
        table.integer('flow_version');
        table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        table.timestamp('completed_at', { useTz: true });
        table.index(['flow_id', 'flow_version']);
      });
      // The transactional outbox: a reading and its reading.requested event commit together, and the
      // relay publishes what is committed, so an accepted reading is never lost to a broker outage.
      await db.schema.createTable('reading_outbox', (table) => {
        table.bigIncrements('id');
        table.string('message_id', 64).notNullable().unique();
        table.string('event_name', 64).notNullable();
        table.jsonb('payload').notNullable();
        table.string('request_id', 100);
        table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        table.timestamp('published_at', { useTz: true });
      });
      await db.raw('create index reading_outbox_pending on reading_outbox (id) where published_at is null');
    },
  },
  {
    name: '002_image_retention',
    async up(db) {
      // Set when the retention sweep deleted the palm photo, so the report can say why it is gone.
      await db.schema.alterTable('readings', (table) => {
        table.timestamp('image_removed_at', { useTz: true });
      });
      await db.raw(
        'create index readings_images_by_age on readings (created_at) where image_key is not null or original_image_key is not null',
      );
    },
  },
];
