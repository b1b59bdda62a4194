import { z } from 'zod';
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
  PORT: portSetting(8080),
  /** /healthz, /readyz and /metrics for probes and Prometheus: inside the cluster, never public. */
  OPS_PORT: portSetting(9080),
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

/** Where each area's service listens in distributed mode. */
export const gatewayTargetsSchema = z.object({
  READING_URL: serviceUrl('http://127.0.0.1:8081'),
  FLOW_URL: serviceUrl('http://127.0.0.1:8082'),
  ADMIN_AUTH_URL: serviceUrl('http://127.0.0.1:8083'),
  PROMPT_URL: serviceUrl('http://127.0.0.1:8084'),
  AI_WORKER_URL: serviceUrl('http://127.0.0.1:8085'),
});
export type GatewayTargets = z.infer<typeof gatewayTargetsSchema>;
