import type { ServiceModule } from '@palm/platform';
import { createActiveFlowSelector } from './active-flow';
import { flowConfigSchema, type FlowConfig } from './config';
import { createFlowAnalyticsHandlers } from './flow-analytics.handler';
import { createFlowEditor } from './flow-editor';
import { FLOW_MIGRATIONS_TABLE, flowMigrations } from './flow.migrations';
import { createFlowRouter } from './flow.routes';

export interface FlowDeps {
  /** Draws in [0, 1) for the traffic split; tests pass a seeded one. */
  random: () => number;
}

export const flowModule: ServiceModule<FlowConfig, FlowDeps> = {
  name: 'flow',
  configSchema: flowConfigSchema,
  // They also seed the default flow, on the very first start only.
  migrations: { table: FLOW_MIGRATIONS_TABLE, migrations: flowMigrations },
  create({ logger, db, peers, deps }) {
    const editor = createFlowEditor(db);
    const selector = createActiveFlowSelector(db, deps.random ?? Math.random);
    const sessions = { verify: (sessionId: string) => peers.verifySession(sessionId) };
    return {
      routers: [createFlowRouter({ editor, selector, sessions })],
      // reading.completed, counted per flow version.
      consumers: [
        {
          queue: 'flowAnalytics',
          handlers: createFlowAnalyticsHandlers(db, logger.child({ component: 'flow' })),
        },
      ],
      start: () => Promise.resolve(),
      // Nothing of its own to stop: the composition root closes the bus and the database.
      stop: () => Promise.resolve(),
    };
  },
};
