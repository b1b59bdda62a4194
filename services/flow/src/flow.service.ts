import type { Router } from 'express';
import {
  migrate,
  type Database,
  type Logger,
  type QueueConsumer,
  type SessionVerifier,
} from '@palm/platform';
import { createActiveFlowSelector } from './active-flow';
import { createFlowAnalyticsHandlers } from './flow-analytics.handler';
import { createFlowEditor } from './flow-editor';
import { FLOW_MIGRATIONS_TABLE, flowMigrations } from './flow.migrations';
import { createFlowRouter } from './flow.routes';

export interface FlowServiceDeps {
  db: Database;
  logger: Logger;
  sessions: SessionVerifier;
  /** Draws in [0, 1) for the traffic split; tests pass a seeded one. */
  random?: () => number;
}

export interface FlowService {
  router: Router;
  /** reading.completed, counted per flow version. */
  consumers: QueueConsumer[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createFlowService(deps: FlowServiceDeps): FlowService {
  const logger = deps.logger.child({ component: 'flow' });
  const editor = createFlowEditor(deps.db);
  const selector = createActiveFlowSelector(deps.db, deps.random ?? Math.random);
  const router = createFlowRouter({ editor, selector, sessions: deps.sessions });

  return {
    router,
    consumers: [{ queue: 'flowAnalytics', handlers: createFlowAnalyticsHandlers(deps.db, logger) }],
    async start() {
      // Migrations also seed the default flow, on the very first start only.
      await migrate(deps.db, { table: FLOW_MIGRATIONS_TABLE, migrations: flowMigrations, logger });
    },
    async stop() {
      // Nothing of its own to stop: the composition root closes the bus and the database.
    },
  };
}
