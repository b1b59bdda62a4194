import path from 'node:path';
import { SERVICE_MODULES } from '@palm/catalogue/modules';
import {
  clientLimitsFrom,
  createOperationsApp,
  listen,
  loadConfig,
  startService,
  type Logger,
} from '@palm/platform';
import { gatewayConfigSchema } from './config';
import { createGatewayApp } from './gateway.app';
import { securityHeaders } from './security-headers';

export interface EmbeddedProduct {
  url: string;
  port: number;
  /** Where /healthz, /readyz and /metrics are served (OPS_PORT), apart from the public port. */
  opsUrl: string;
  stop(): Promise<void>;
}

/**
 * The composition root of `npm start`: one database (PGlite unless DATABASE_URL is set), one bus
 * (in-process unless AMQP_URL is set), one blob store (disk unless S3_ENDPOINT is set), and every
 * service module in this process behind the gateway, each reaching the others by local calls.
 * Services never learn which mode they run in: only the adapters and peers chosen here differ.
 */
export async function startEmbedded(options: {
  logger: Logger;
  env?: NodeJS.ProcessEnv;
  port?: number;
  /** The operations port; OPS_PORT unless given (0 picks a free one). */
  opsPort?: number;
  host?: string;
}): Promise<EmbeddedProduct> {
  const { logger } = options;
  const env = options.env ?? process.env;
  const gateway = loadConfig(gatewayConfigSchema, env);
  const clientLimits = clientLimitsFrom(gateway);
  const host = options.host ?? gateway.LISTEN_HOST;
  // Every service of the catalogue in this process, reaching each other by local calls, behind
  // the gateway's app instead of a service's own.
  const product = await startService(SERVICE_MODULES, {
    env,
    logger,
    port: options.port ?? gateway.PORT,
    host,
    clientLimits,
    app: ({ routers, peers }) =>
      createGatewayApp({
        logger,
        api: routers,
        webDist: path.resolve(gateway.WEB_DIST),
        readingRateLimitPerMinute: gateway.READING_RATE_LIMIT_PER_MINUTE,
        reportPage: peers.reportPage,
        publicUrl: gateway.PUBLIC_URL,
        trustProxy: gateway.TRUST_PROXY,
        clientLimits,
      }),
  });
  const operations = createOperationsApp({
    logger,
    securityHeaders: securityHeaders(false),
    readiness: product.readiness,
  });
  const operationsServer = await listen(
    operations,
    options.opsPort ?? gateway.OPS_PORT,
    options.host ?? gateway.OPS_LISTEN_HOST ?? host,
  ).catch(async (error: unknown) => {
    await product.stop();
    throw error;
  });

  return {
    url: product.url,
    port: product.port,
    opsUrl: operationsServer.url,
    async stop() {
      await operationsServer.close();
      await product.stop();
    },
  };
}
