import type { Knex } from 'knex';
import type { FlowAnalytics, FlowVersionAnalytics } from '@palm/contracts';

interface AnalyticsRow {
  flow_id: number;
  flow_version: number;
  served: number;
  readings: number;
}

const completionRate = (served: number, readings: number) =>
  served === 0 ? 0 : Math.round((readings / served) * 10_000) / 10_000;

export const versionAnalytics = (
  version: number,
  served: number,
  readings: number,
): FlowVersionAnalytics => ({
  version,
  served,
  readings,
  completionRate: completionRate(served, readings),
});

/**
 * The flow's totals: `servedVisitors` counts each visitor once for the flow, however many of its
 * versions they were served (a sum over versions would count a returning visitor again after every
 * edit, and the completion rate would read too low).
 */
export function totalAnalytics(versions: FlowVersionAnalytics[], servedVisitors: number): FlowAnalytics {
  const readings = versions.reduce((sum, v) => sum + v.readings, 0);
  return { served: servedVisitors, readings, completionRate: completionRate(servedVisitors, readings) };
}

/** A/B counts per flow version: visitors served it and readings completed from it. */
export function createFlowAnalyticsRepository(db: Knex) {
  const increment = async (flowId: number, flowVersion: number, column: 'served' | 'readings') => {
    await db('flow_analytics')
      .insert({ flow_id: flowId, flow_version: flowVersion, [column]: 1 })
      .onConflict(['flow_id', 'flow_version'])
      .merge({ [column]: db.raw(`flow_analytics.${column} + 1`) });
  };

  return {
    /** Counts the visitor once per flow version, however often they reload the wizard. */
    async recordServed(visitorId: string, flowId: number, flowVersion: number): Promise<boolean> {
      const inserted = await db('flow_served_visitors')
        .insert({ visitor_id: visitorId, flow_id: flowId, flow_version: flowVersion })
        .onConflict(['visitor_id', 'flow_id', 'flow_version'])
        .ignore()
        .returning('visitor_id');
      if (inserted.length === 0) return false;
      await increment(flowId, flowVersion, 'served');
      return true;
    },

    /** Marks the reading as counted; false when it was counted before (a redelivered event). */
    async markReadingProcessed(readingId: string): Promise<boolean> {
      const inserted = await db('flow_processed_readings')
        .insert({ reading_id: readingId })
        .onConflict('reading_id')
        .ignore()
        .returning('reading_id');
      return inserted.length > 0;
    },

    async recordReading(flowId: number, flowVersion: number): Promise<void> {
      await increment(flowId, flowVersion, 'readings');
    },

    /** Distinct visitors served each flow, whichever versions they saw. */
    async servedVisitors(flowIds: number[]): Promise<Map<number, number>> {
      if (flowIds.length === 0) return new Map();
      const rows = await db('flow_served_visitors')
        .whereIn('flow_id', flowIds)
        .groupBy('flow_id')
        .select<{ flow_id: number; visitors: number | string }[]>(
          'flow_id',
          db.raw('count(distinct visitor_id) as visitors'),
        );
      return new Map(rows.map((row) => [row.flow_id, Number(row.visitors)]));
    },

    async byFlow(flowIds: number[]): Promise<Map<number, FlowVersionAnalytics[]>> {
      const byFlow = new Map<number, FlowVersionAnalytics[]>(flowIds.map((id) => [id, []]));
      if (flowIds.length === 0) return byFlow;
      const rows = await db('flow_analytics')
        .select<AnalyticsRow[]>('*')
        .whereIn('flow_id', flowIds)
        .orderBy(['flow_id', 'flow_version']);
      for (const row of rows) {
        byFlow.get(row.flow_id)?.push(versionAnalytics(row.flow_version, row.served, row.readings));
      }
      return byFlow;
    },
  };
}
