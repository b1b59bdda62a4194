import {
  clientLimitsFrom,
  createLogger,
  createOperationsApp,
  handleShutdown,
  INTERNAL_TOKEN_REASON,
  listen,
  loadConfig,
  remotePeers,
  requireSetting,
  runMain,
} from '@palm/platform';
import { gatewayConfigSchema, gatewayTargetsSchema } from './config';
import { createGatewayApp } from './gateway.app';
import { securityHeaders } from './security-headers';
import { createServiceProxy } from './service-proxy';
import { serviceReadiness, serviceRoutes } from './service-routes';

const logger = createLogger('gateway');

/** Distributed mode: every service runs on its own; the gateway proxies to them and serves the web app. */
runMain(logger, async () => {
  const config = loadConfig(gatewayConfigSchema);
  const targets = loadConfig(gatewayTargetsSchema);
  const forwardedProofKey = requireSetting(config.INTERNAL_TOKEN, 'INTERNAL_TOKEN', INTERNAL_TOKEN_REASON);
  const routes = serviceRoutes(targets);
  const clientLimits = clientLimitsFrom(config);
  const app = createGatewayApp({
    logger,
    api: [createServiceProxy(routes, logger, { forwardedProofKey })],
    webDist: config.WEB_DIST,
    readingRateLimitPerMinute: config.READING_RATE_LIMIT_PER_MINUTE,
    reportPage: remotePeers(targets).reportPage,
    publicUrl: config.PUBLIC_URL,
    trustProxy: config.TRUST_PROXY,
    clientLimits,
  });
  const operations = createOperationsApp({
    logger,
    readiness: serviceReadiness(routes),
    securityHeaders: securityHeaders(false),
  });
  const server = await listen(app, config.PORT, config.LISTEN_HOST, clientLimits);
  const operationsServer = await listen(
    operations,
    config.OPS_PORT,
    config.OPS_LISTEN_HOST ?? config.LISTEN_HOST,
  );
  logger.info(
    { port: server.port, opsPort: operationsServer.port, targets },
    'gateway listening (distributed mode)',
  );
  handleShutdown(logger, async () => {
    await server.close();
    await operationsServer.close();
  });
});
