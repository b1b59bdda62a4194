import type { AdminLoginResponse, AdminSetupResponse, AdminStatus } from '@palm/contracts';
import { queryOptions } from '@tanstack/react-query';
import { adminRequest, apiRequest, jsonBody } from '@/lib/api-client';

export const ADMIN_STATUS_PATH = '/api/admin/status';
export const ADMIN_SETUP_PATH = '/api/admin/setup';
export const ADMIN_SESSION_PATH = '/api/admin/session';

/** Whether the authenticator still needs setting up, and whether the stored session is valid. */
export function getAdminStatusQueryOptions() {
  return queryOptions({
    queryKey: [ADMIN_STATUS_PATH],
    queryFn: () => adminRequest<AdminStatus>(ADMIN_STATUS_PATH),
    staleTime: 0,
  });
}

/**
 * Starts the first-time setup with the token from the logged setup link. Each call makes a new
 * secret, so it is read once per link (the query never refetches on its own).
 */
export function getAdminSetupQueryOptions(setupToken: string) {
  return queryOptions({
    queryKey: [ADMIN_SETUP_PATH, setupToken],
    queryFn: () =>
      apiRequest<AdminSetupResponse>(`${ADMIN_SETUP_PATH}?setup=${encodeURIComponent(setupToken)}`),
    gcTime: Infinity,
  });
}

/** Confirms the stored session is still alive (204), so an expired one goes back to sign-in. */
export function getAdminSessionQueryOptions(sessionId: string) {
  return queryOptions({
    queryKey: [ADMIN_SESSION_PATH, sessionId],
    queryFn: () => adminRequest<null>(ADMIN_SESSION_PATH).then(() => true),
  });
}

export function login(token: string): Promise<AdminLoginResponse> {
  return apiRequest<AdminLoginResponse>('/api/admin/login', jsonBody('POST', { token }));
}

export function logout(): Promise<void> {
  return adminRequest<void>('/api/admin/logout', { method: 'POST' });
}
