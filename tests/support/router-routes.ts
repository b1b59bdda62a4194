import type { Router } from 'express';

export interface RegisteredRoute {
  method: string;
  path: string;
}

interface RouterLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** Every route a service's router registers, read from express itself rather than from a hand-kept list. */
export function registeredRoutes(router: Router): RegisteredRoute[] {
  return (router as unknown as { stack: RouterLayer[] }).stack.flatMap((layer) => {
    if (!layer.route) return [];
    const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
    return paths.flatMap((path) =>
      Object.keys(layer.route!.methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
  });
}

/** Fills route parameters (`:id`) with a plausible value, so the request reaches the route's guard. */
export const concretePath = (path: string) => path.replace(/:[A-Za-z]+/g, '1');
