import type { ReadinessCheck } from '@palm/platform';
import type { GatewayTargets } from './config';

export interface ServiceRoute {
  prefix: string;
  target: string;
  service: string;
}

/**
 * Which service answers which path prefix in distributed mode. Routers carry their full paths,
 * so the gateway forwards paths untouched. More specific prefixes come first.
 */
export function serviceRoutes(targets: GatewayTargets): ServiceRoute[] {
  return [
    { prefix: '/api/reading', target: targets.READING_URL, service: 'reading' },
    { prefix: '/api/payments', target: targets.READING_URL, service: 'reading' },
    { prefix: '/api/admin/payments', target: targets.READING_URL, service: 'reading' },
    { prefix: '/api/flows', target: targets.FLOW_URL, service: 'flow' },
    { prefix: '/api/admin/flows', target: targets.FLOW_URL, service: 'flow' },
    { prefix: '/api/admin/questions', target: targets.FLOW_URL, service: 'flow' },
    { prefix: '/api/admin/prompts/test-run', target: targets.AI_WORKER_URL, service: 'ai-worker' },
    { prefix: '/api/admin/prompts/engine', target: targets.AI_WORKER_URL, service: 'ai-worker' },
    { prefix: '/api/admin/prompts', target: targets.PROMPT_URL, service: 'prompt' },
    { prefix: '/api/admin', target: targets.ADMIN_AUTH_URL, service: 'admin-auth' },
  ];
}

/** Ready only while every service is ready itself (its database, bus and blob store), not merely up. */
export function serviceReadiness(routes: readonly ServiceRoute[]): Record<string, ReadinessCheck> {
  return Object.fromEntries(
    [...new Map(routes.map((route) => [route.service, route.target]))].map(([service, target]) => [
      service,
      async () => (await fetch(`${target}/readyz`, { signal: AbortSignal.timeout(2_000) })).ok,
    ]),
  );
}

export const matchesPrefix = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);
