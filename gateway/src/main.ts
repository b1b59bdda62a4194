import {
  clientLimitsFrom,
  createLogger,
  createOperationsApp,
  handleShutdown,
  listen,
  loadConfig,
  remotePeers,
  runMain,
} from '@palm/platform';
import { gatewayConfigSchema, gatewayTargetsSchema } from './config';
import { createGatewayApp } from './gateway.app';
import { createServiceProxy } from './service-proxy';
import { serviceReadiness, serviceRoutes } from './service-routes';

const logger = createLogger('gateway');

/** Distributed mode: every service runs on its own; the gateway proxies to them and serves the web app. */
runMain(logger, async () => {
  const config = loadConfig(gatewayConfigSchema);
  const targets = loadConfig(gatewayTargetsSchema);
  const routes = serviceRoutes(targets);
  const clientLimits = clientLimitsFrom(config);
  const app = createGatewayApp({
    logger,
    api: [createServiceProxy(routes, logger)],
    webDist: config.WEB_DIST,
    readingRateLimitPerMinute: config.READING_RATE_LIMIT_PER_MINUTE,
    sharePreview: remotePeers(targets).sharePreview,
    publicUrl: config.PUBLIC_URL,
    trustProxy: config.TRUST_PROXY,
    clientLimits,
  });
  const operations = createOperationsApp({ logger, readiness: serviceReadiness(routes) });
  const server = await listen(app, config.PORT, undefined, clientLimits);
  const operationsServer = await listen(operations, config.OPS_PORT);
  logger.info(
    { port: server.port, opsPort: operationsServer.port, targets },
    'gateway listening (distributed mode)',
  );
  handleShutdown(logger, async () => {
    await server.close();
    await operationsServer.close();
  });
});
