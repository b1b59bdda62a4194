import type { GatewayTargets } from './config';

/**
 * Which service answers which path prefix in distributed mode. Routers carry their full paths,
 * so the gateway forwards paths untouched. More specific prefixes come first.
 */
export function serviceRoutes(
  targets: GatewayTargets,
): { prefix: string; target: string; service: string }[] {
  return [
    { prefix: '/api/reading', target: targets.READING_URL, service: 'reading' },
    { prefix: '/api/flows', target: targets.FLOW_URL, service: 'flow' },
    { prefix: '/api/admin/flows', target: targets.FLOW_URL, service: 'flow' },
    { prefix: '/api/admin/questions', target: targets.FLOW_URL, service: 'flow' },
    { prefix: '/api/admin/prompts/test-run', target: targets.AI_WORKER_URL, service: 'ai-worker' },
    { prefix: '/api/admin/prompts', target: targets.PROMPT_URL, service: 'prompt' },
    { prefix: '/api/admin', target: targets.ADMIN_AUTH_URL, service: 'admin-auth' },
  ];
}

export const matchesPrefix = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);
