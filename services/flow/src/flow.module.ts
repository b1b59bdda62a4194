import type { ServiceModule } from '@palm/platform';
import { flowConfigSchema, type FlowConfig } from './config';
import { FLOW_MIGRATIONS_TABLE, flowMigrations } from './flow.migrations';
import { createFlowService } from './flow.service';

export const flowModule: ServiceModule<FlowConfig> = {
  name: 'flow',
  configSchema: flowConfigSchema,
  migrations: { table: FLOW_MIGRATIONS_TABLE, migrations: flowMigrations },
  create({ logger, db, peers }) {
    const service = createFlowService({ db, logger, sessions: { verify: peers.verifySession } });
    return { ...service, routers: [service.router] };
  },
};
