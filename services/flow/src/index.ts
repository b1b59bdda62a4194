export { createFlowService, type FlowService, type FlowServiceDeps } from './flow.service';
export { flowConfigSchema, type FlowConfig } from './config';
export { NO_ACTIVE_FLOW, VISITOR_COOKIE } from './active-flow';
