import { createLogger, handleShutdown, listen, loadConfig, runMain } from '@palm/platform';
import { gatewayConfigSchema, gatewayTargetsSchema } from './config';
import { createGatewayApp } from './gateway.app';
import { remoteSharePreview } from './report-meta';
import { createServiceProxy } from './service-proxy';
import { serviceRoutes } from './service-routes';

const logger = createLogger('gateway');

/** Distributed mode: every service runs on its own; the gateway proxies to them and serves the web app. */
runMain(logger, async () => {
  const config = loadConfig(gatewayConfigSchema);
  const targets = loadConfig(gatewayTargetsSchema);
  const routes = serviceRoutes(targets);
  const app = createGatewayApp({
    logger,
    api: routes.map((route) => createServiceProxy(route, logger)),
    webDist: config.WEB_DIST,
    readingRateLimitPerMinute: config.READING_RATE_LIMIT_PER_MINUTE,
    sharePreview: remoteSharePreview(targets.READING_URL),
    publicUrl: config.PUBLIC_URL,
    trustProxy: config.TRUST_PROXY,
    // Ready only while every service is ready itself (its database, bus and blob store), not merely up.
    readiness: Object.fromEntries(
      [...new Map(routes.map((route) => [route.service, route.target]))].map(([service, target]) => [
        service,
        async () => (await fetch(`${target}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok,
      ]),
    ),
  });
  const server = await listen(app, config.PORT);
  logger.info({ port: server.port, targets }, 'gateway listening (distributed mode)');
  handleShutdown(logger, () => server.close());
});
