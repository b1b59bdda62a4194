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
  {
    name: '003_sharing_and_email_delivery',
    async up(db) {
      // owner_hash: sha256 of the owner cookie of the browser that made the reading; it still opens
      // a reading whose sharing was stopped. share_photo: the visitor chose the photo for the card.
      await db.schema.alterTable('readings', (table) => {
        table.string('owner_hash', 64);
        table.timestamp('sharing_stopped_at', { useTz: true });
        table.boolean('share_photo').notNullable().defaultTo(false);
      });
      // One row per "Email me this reading": the only place the address is kept, removed with the
      // reading's photo by the retention sweep. Its status makes a redelivered event send nothing.
      await db.schema.createTable('reading_deliveries', (table) => {
        table.string('id', 36).primary();
        table.string('reading_id', 22).notNullable().references('readings.id').onDelete('CASCADE');
        table.string('email', 254).notNullable();
        table.string('status', 16).notNullable();
        table.integer('attempts').notNullable().defaultTo(0);
        table.text('last_error');
        table.timestamp('requested_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        table.timestamp('claimed_at', { useTz: true });
        table.timestamp('sent_at', { useTz: true });
        table.index(['reading_id', 'requested_at']);
      });
    },
  },
  {
    name: '004_palm_frames',
    async up(db) {
      // How many extra frames intake stored beside the photo (readings/<id>/frame-N.jpg); set back
      // to 0 once they are deleted, when the reading ends.
      await db.schema.alterTable('readings', (table) => {
        table.smallint('frame_count').notNullable().defaultTo(0);
      });
    },
  },
  {
    name: '005_payments',
    async up(db) {
      // Set while a paid checkout stands for the reading; a refund clears it again.
      await db.schema.alterTable('readings', (table) => {
        table.timestamp('unlocked_at', { useTz: true });
      });
      // One row per completed Checkout Session. No foreign key: the operator's record of a sale
      // outlives the reading it bought.
      await db.schema.createTable('reading_purchases', (table) => {
        table.string('id', 255).primary();
        table.string('reading_id', 22).notNullable().index();
        table.integer('amount').notNullable();
        table.string('currency', 3).notNullable();
        table.string('payment_intent', 255);
        table.string('status', 16).notNullable();
        table.timestamp('paid_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
        table.timestamp('refunded_at', { useTz: true });
      });
      // Every Stripe event handled, by id: a redelivered or replayed event changes nothing.
      await db.schema.createTable('payment_events', (table) => {
        table.string('id', 255).primary();
        table.string('type', 100).notNullable();
        table.timestamp('received_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
      });
    },
  },
  {
    name: '006_sharing_is_opt_in',
    async up(db) {
      // shared_at: set when the owner pressed Share, cleared by "Stop sharing"; until then only the
      // owner's browser opens the reading. No reading was ever shared by its owner's choice before,
      // so none starts out shared.
      await db.schema.alterTable('readings', (table) => {
        table.timestamp('shared_at', { useTz: true });
        table.dropColumn('sharing_stopped_at');
      });
    },
  },
  {
    name: '007_delivery_link_origin',
    async up(db) {
      // The site origin the visitor asked from: the email's link points there when PUBLIC_URL is unset.
      await db.schema.alterTable('reading_deliveries', (table) => {
        table.text('link_origin');
      });
    },
  },
  {
    name: '008_palm_image_size',
    async up(db) {
      // The stored photo's size, known at intake: the report sets its <img> width and height (no
      // shift when the photo arrives) and offers it at the narrower widths only. Older rows stay null.
      await db.schema.alterTable('readings', (table) => {
        table.integer('image_width');
        table.integer('image_height');
      });
    },
  },
];
