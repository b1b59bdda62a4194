import type { Knex } from 'knex';
import type { Logger, QueueHandlers } from '@palm/platform';
import { createFlowAnalyticsRepository } from './flow-analytics.repository';
import { createFlowRepository } from './flow.repository';

/** Counts a completed reading for the flow version it came from, once per reading id. */
export function createFlowAnalyticsHandlers(db: Knex, logger: Logger): QueueHandlers<'flowAnalytics'> {
  return {
    'reading.completed': async ({ payload }) => {
      const { readingId, flowId, flowVersion } = payload;
      if (flowId === null) return;
      await db.transaction(async (trx) => {
        const analytics = createFlowAnalyticsRepository(trx);
        if (!(await analytics.markReadingProcessed(readingId))) return;
        const flow = await createFlowRepository(trx).findFlow(flowId);
        if (!flow) {
          logger.debug({ readingId, flowId }, 'completed reading names a flow that no longer exists');
          return;
        }
        await analytics.recordReading(flowId, flowVersion ?? flow.version);
      });
    },
  };
}
