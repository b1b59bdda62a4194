import type { ActiveFlow } from '@palm/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const ACTIVE_FLOW_PATH = '/api/flows/active';

export function getActiveFlow(): Promise<ActiveFlow> {
  return apiRequest<ActiveFlow>(ACTIVE_FLOW_PATH);
}

/** Keyed by its path, as spec §7 describes the default read. */
export function getActiveFlowQueryOptions() {
  return queryOptions({ queryKey: [ACTIVE_FLOW_PATH], queryFn: getActiveFlow });
}
