import { SERVICE_ROUTES, urlVariable } from '@palm/catalogue';
import type { ReadinessCheck } from '@palm/platform';
import type { GatewayTargets } from './config';

export interface ServiceRoute {
  prefix: string;
  target: string;
  service: string;
}

/**
 * Which service answers which path prefix in distributed mode (the catalogue's routes, most
 * specific first), at the address its URL variable names. Routers carry their full paths, so the
 * gateway forwards paths untouched.
 */
export function serviceRoutes(targets: GatewayTargets): ServiceRoute[] {
  return SERVICE_ROUTES.map(({ prefix, service }) => {
    const target = targets[urlVariable(service)];
    if (!target) throw new Error(`${urlVariable(service)} is not set: the gateway cannot reach ${service}`);
    return { prefix, target, service };
  });
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
