import { z } from 'zod';
import { localServiceUrl, OPS_PORT, OTHER_ROLES, SERVICE_NAMES, urlVariable } from '@palm/catalogue';
import {
  clientLimitSettings,
  infrastructureConfigSchema,
  internalTokenSetting,
  listenHostSetting,
  portSetting,
  trustProxySetting,
} from '@palm/platform';

/** The gateway reaches the services over plain HTTP inside the cluster (service-proxy.ts). */
const serviceUrl = (fallback: string) =>
  z.url({ protocol: /^http$/, error: 'expected an http:// URL' }).default(fallback);

export const gatewayConfigSchema = z.object({
  PORT: portSetting(OTHER_ROLES.gateway.port),
  /** /healthz, /readyz and /metrics for probes and Prometheus: inside the cluster, never public. */
  OPS_PORT: portSetting(OPS_PORT),
  /** Where PORT listens: every interface unless told otherwise (it is the product's front door). */
  LISTEN_HOST: listenHostSetting().default('0.0.0.0'),
  /** Where OPS_PORT listens; LISTEN_HOST unless set (`start:distributed` says 127.0.0.1). */
  OPS_LISTEN_HOST: listenHostSetting().optional(),
  LOG_LEVEL: infrastructureConfigSchema.shape.LOG_LEVEL,
  WEB_DIST: z.string().default('web/dist'),
  /**
   * Where visitors open the product: the base of absolute link-preview URLs (og:url, og:image; else
   * the request's origin), and when it is https browsers are told to stay on https (HSTS).
   */
  PUBLIC_URL: z.url({ error: 'expected a URL' }).optional(),
  /** The proxies (an Ingress, a load balancer) whose X-Forwarded-For names the visitor; none by default. */
  TRUST_PROXY: trustProxySetting,
  /** Distributed mode: the key of the signature that makes the services trust its X-Forwarded-* headers. */
  INTERNAL_TOKEN: internalTokenSetting,
  /** Readings one client may request per minute (each one runs the palm engine). */
  READING_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1, 'expected a whole number ≥ 1').default(20),
  /** Header and body deadlines, minimum upload rate, uploads per client (client-limits.ts). */
  ...clientLimitSettings,
});

/** Where each service listens in distributed mode (`READING_URL`, …): the catalogue's ports on this machine unless set. */
export const gatewayTargetsSchema = z.object(
  Object.fromEntries(SERVICE_NAMES.map((name) => [urlVariable(name), serviceUrl(localServiceUrl(name))])),
);
export type GatewayTargets = Record<string, string>;
