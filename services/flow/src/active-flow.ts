import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { ActiveFlow } from '@palm/contracts';
import { notFound } from '@palm/platform';
import { createFlowAnalyticsRepository } from './flow-analytics.repository';
import { createFlowRepository, publicQuestion, type FlowRecord } from './flow.repository';
import { pickWeighted } from './traffic-split';

export const NO_ACTIVE_FLOW = 'No active flow found. Please contact support.';
export const VISITOR_COOKIE = 'palm_visitor';
export const VISITOR_COOKIE_MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;

const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const isVisitorId = (value: string | undefined): value is string =>
  value !== undefined && VISITOR_ID_PATTERN.test(value);

export const newVisitorId = () => randomBytes(16).toString('base64url');

/**
 * Chooses the flow a visitor answers: the one they were given before while it stays live,
 * otherwise a weighted random pick among live flows, remembered for next time. Counts the visitor
 * as served once per flow version.
 */
export function createActiveFlowSelector(db: Knex, random: () => number) {
  return {
    async select(visitorId: string): Promise<ActiveFlow> {
      return db.transaction(async (trx) => {
        const flows = createFlowRepository(trx);
        const live = await flows.listLiveFlows();
        const assigned = await trx('flow_assignments')
          .select('flow_id')
          .where({ visitor_id: visitorId })
          .first<{ flow_id: number } | undefined>();
        let flow: FlowRecord | undefined = live.find((candidate) => candidate.id === assigned?.flow_id);
        if (!flow) {
          flow = pickWeighted(live, random());
          if (!flow) throw notFound(NO_ACTIVE_FLOW);
          await trx('flow_assignments')
            .insert({ visitor_id: visitorId, flow_id: flow.id, assigned_at: trx.fn.now() })
            .onConflict('visitor_id')
            .merge(['flow_id', 'assigned_at']);
        }
        const questions = await flows.listQuestions(flow.id);
        if (questions.length === 0) throw notFound(NO_ACTIVE_FLOW);
        await createFlowAnalyticsRepository(trx).recordServed(visitorId, flow.id, flow.version);
        return { id: flow.id, version: flow.version, questions: questions.map(publicQuestion) };
      });
    },
  };
}

export type ActiveFlowSelector = ReturnType<typeof createActiveFlowSelector>;
