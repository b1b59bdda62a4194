import type { Migration } from '@palm/platform';

export const ADMIN_AUTH_MIGRATIONS_TABLE = 'admin_auth_migrations';

export const adminAuthMigrations: Migration[] = [
  {
    name: '001_admin_auth',
    async up(db) {
      // One row per source: 'stored' (made by setup) and 'environment' (ADMIN_TOTP_SECRET, whose
      // secret stays in the environment; only its fingerprint and replay state live here).
      await db.schema.createTable('admin_authenticators', (t) => {
        t.text('source').primary();
        t.text('secret');
        t.text('secret_fingerprint').notNullable();
        t.text('status').notNullable();
        t.integer('last_time_step');
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('activated_at', { useTz: true });
      });
      await db.raw(
        `alter table admin_authenticators
           add constraint admin_authenticators_source_check check (source in ('stored', 'environment')),
           add constraint admin_authenticators_status_check check (status in ('pending', 'active'))`,
      );

      await db.schema.createTable('admin_backup_codes', (t) => {
        t.increments('id');
        t.text('source').notNullable();
        t.text('code_hash').notNullable();
        // A salted hash of the whole list, so a restart with the same ADMIN_BACKUP_CODES keeps
        // which codes were used.
        t.text('list_hash');
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('used_at', { useTz: true });
        t.index(['source']);
      });

      await db.schema.createTable('admin_sessions', (t) => {
        t.text('id_hash').primary();
        t.timestamp('created_at', { useTz: true }).notNullable();
        t.timestamp('last_seen_at', { useTz: true }).notNullable();
        t.timestamp('expires_at', { useTz: true }).notNullable();
      });

      await db.schema.createTable('admin_login_attempts', (t) => {
        t.increments('id');
        t.text('client').notNullable();
        t.text('outcome').notNullable();
        t.timestamp('attempted_at', { useTz: true }).notNullable();
        t.index(['attempted_at']);
        t.index(['client', 'attempted_at']);
      });
      await db.raw(
        `alter table admin_login_attempts add constraint admin_login_attempts_outcome_check
           check (outcome in ('pending', 'failed', 'succeeded'))`,
      );
    },
  },
  {
    name: '002_pending_setup_backup_codes',
    async up(db) {
      // A pending setup is shown again, the same, until its first code activates it (a reload
      // must not invalidate a QR code already scanned); its backup codes wait here until then.
      await db.schema.alterTable('admin_authenticators', (t) => {
        t.text('pending_backup_codes');
      });
    },
  },
  {
    name: '003_backup_code_digest',
    async up(db) {
      // A keyed fast digest beside each slow hash: a guess is looked up by it and so costs at
      // most one scrypt. Rows from before have none until start fills in what it can.
      await db.schema.alterTable('admin_backup_codes', (t) => {
        t.text('code_digest');
        t.index(['source', 'code_digest']);
      });
    },
  },
];
