import type { SessionVerifier } from './require-admin';

export interface RemoteSessionVerifierOptions {
  /** Base URL of the admin-auth service, e.g. `http://admin-auth:8083`. */
  adminAuthUrl: string;
  /** How long a positive answer is trusted without asking again; 0 asks every time. */
  cacheMs?: number;
  /** Gives up on an admin-auth service that does not answer within this time. */
  timeoutMs?: number;
}

const MAX_CACHED_SESSIONS = 1_000;

/**
 * Asks the admin-auth service (GET /api/admin/session) whether a session is valid, for services
 * running in their own process. Any failure to get a clear "yes" — network error, timeout, 5xx —
 * counts as "no": an unreachable admin-auth service locks admin routes rather than opening them.
 * Only positive answers are cached, so a signed-out session is refused again within `cacheMs`.
 */
export function createRemoteSessionVerifier(options: RemoteSessionVerifierOptions): SessionVerifier {
  const { cacheMs = 5_000, timeoutMs = 3_000 } = options;
  const endpoint = new URL('/api/admin/session', options.adminAuthUrl).toString();
  const validUntil = new Map<string, number>();

  const remember = (sessionId: string) => {
    if (cacheMs <= 0) return;
    if (validUntil.size >= MAX_CACHED_SESSIONS) {
      const now = Date.now();
      for (const [id, until] of validUntil) if (until <= now) validUntil.delete(id);
      if (validUntil.size >= MAX_CACHED_SESSIONS) validUntil.clear();
    }
    validUntil.set(sessionId, Date.now() + cacheMs);
  };

  return {
    async verify(sessionId) {
      const cachedUntil = validUntil.get(sessionId);
      if (cachedUntil !== undefined) {
        if (cachedUntil > Date.now()) return true;
        validUntil.delete(sessionId);
      }
      try {
        const response = await fetch(endpoint, {
          headers: { authorization: `Bearer ${sessionId}` },
          signal: AbortSignal.timeout(timeoutMs),
        });
        await response.body?.cancel();
        if (response.status !== 204) return false;
        remember(sessionId);
        return true;
      } catch {
        return false;
      }
    },
  };
}
