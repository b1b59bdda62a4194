import { migrate, type Database, type Logger, type MigrateOptions } from '@palm/platform';
import { ADMIN_AUTH_MIGRATIONS_TABLE, adminAuthMigrations } from '../../services/admin-auth/src/migrations';
import {
  AI_WORKER_MIGRATIONS_TABLE,
  aiWorkerMigrations,
} from '../../services/ai-worker/src/ai-worker.migrations';
import { FLOW_MIGRATIONS_TABLE, flowMigrations } from '../../services/flow/src/flow.migrations';
import { PROMPT_MIGRATIONS_TABLE, promptMigrations } from '../../services/prompt/src/prompt.migrations';
import { READING_MIGRATIONS_TABLE, readingMigrations } from '../../services/reading/src/reading.migrations';

/** Every service's own migrations, as each service applies them at start. */
export const SERVICE_MIGRATIONS: Record<string, Omit<MigrateOptions, 'logger'>> = {
  'admin-auth': { table: ADMIN_AUTH_MIGRATIONS_TABLE, migrations: adminAuthMigrations },
  flow: { table: FLOW_MIGRATIONS_TABLE, migrations: flowMigrations },
  prompt: { table: PROMPT_MIGRATIONS_TABLE, migrations: promptMigrations },
  reading: { table: READING_MIGRATIONS_TABLE, migrations: readingMigrations },
  'ai-worker': { table: AI_WORKER_MIGRATIONS_TABLE, migrations: aiWorkerMigrations },
};

/**
 * Brings every service's tables up to date, one service after the other. The services would do
 * the same at start; running it first as its own step (compose's `migrate`, the Kubernetes Job)
 * keeps a failed migration from surfacing as a crash-looping service.
 */
export async function migrateAllServices(db: Database, logger?: Logger): Promise<void> {
  for (const [service, options] of Object.entries(SERVICE_MIGRATIONS)) {
    await migrate(db, { ...options, logger: logger?.child({ service }) });
  }
}
