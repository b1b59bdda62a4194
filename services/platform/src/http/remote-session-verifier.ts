import type { SessionVerifier } from './require-admin';

export interface RemoteSessionVerifierOptions {
  /** Base URL of the admin-auth service, e.g. `http://admin-auth` plus its port. */
  adminAuthUrl: string;
  /** Gives up on an admin-auth service that does not answer within this time. */
  timeoutMs?: number;
}

/**
 * Asks the admin-auth service (GET /api/admin/session) whether a session is valid, for services
 * running in their own process. Any failure to get a clear "yes" — network error, timeout, 5xx —
 * counts as "no": an unreachable admin-auth service locks admin routes rather than opening them.
 * Nothing is cached: operator traffic is light, and a signed-out session must close every
 * service at once.
 */
export function createRemoteSessionVerifier(options: RemoteSessionVerifierOptions): SessionVerifier {
  const { timeoutMs = 3_000 } = options;
  const endpoint = new URL('/api/admin/session', options.adminAuthUrl).toString();
  return {
    async verify(sessionId) {
      try {
        const response = await fetch(endpoint, {
          headers: { authorization: `Bearer ${sessionId}` },
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        return response.status === 204;
      } catch {
        return false;
      }
    },
  };
}
