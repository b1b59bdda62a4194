import { SERVICE_MODULES } from '@palm/catalogue/modules';
import { migrate, type Database, type Logger } from '@palm/platform';

/**
 * Brings every service's tables up to date, one service module after the other. The services
 * would do the same at start; running it first as its own step (compose's `migrate`, the
 * Kubernetes Job) keeps a failed migration from surfacing as a crash-looping service.
 */
export async function migrateAllServices(db: Database, logger?: Logger): Promise<void> {
  for (const module of SERVICE_MODULES) {
    await migrate(db, { ...module.migrations, logger: logger?.child({ service: module.name }) });
  }
}
