import {
  INTERNAL_TOKEN_HEADER,
  readingPreviewSchema,
  runtimePromptsSchema,
  type ReadingPreview,
  type RuntimePrompts,
} from '@palm/contracts';
import { createRemoteSessionVerifier } from './http/remote-session-verifier';
import type { SessionVerifier } from './http/require-admin';

/**
 * What one service asks of another. In one process (`npm start`) each is a local call into the
 * service that provides it; in distributed mode each is a client of that service's HTTP API.
 */
export interface ServicePeers {
  /** Whether an operator's session is valid (admin-auth). */
  sessions: SessionVerifier;
  /** The prompts the reading engine uses now (prompt). */
  runtimePrompts: () => Promise<RuntimePrompts>;
  /** A reading's link preview as the browser with this Cookie header may see it; null when not shared (reading). */
  sharePreview: (id: string, cookieHeader: string | undefined) => Promise<ReadingPreview | null>;
}

/** Where the peers listen in distributed mode; a peer whose address a process lacks is one it never asks. */
export interface RemotePeerSettings {
  ADMIN_AUTH_URL?: string;
  PROMPT_URL?: string;
  READING_URL?: string;
  /** Sent as `X-Internal-Token` to the prompt service's runtime endpoint. */
  INTERNAL_TOKEN?: string;
}

const TIMEOUT_MS = 3_000;

function requireUrl(url: string | undefined, variable: string, peer: string): string {
  if (!url) throw new Error(`${variable} is not set: this process cannot ask the ${peer} service`);
  return url;
}

/** The peers as HTTP clients of the services named by the settings (distributed mode). */
export function remotePeers(settings: RemotePeerSettings): ServicePeers {
  let sessions: SessionVerifier | undefined;
  return {
    get sessions() {
      sessions ??= createRemoteSessionVerifier({
        adminAuthUrl: requireUrl(settings.ADMIN_AUTH_URL, 'ADMIN_AUTH_URL', 'admin-auth'),
      });
      return sessions;
    },
    async runtimePrompts() {
      const base = requireUrl(settings.PROMPT_URL, 'PROMPT_URL', 'prompt');
      const response = await fetch(new URL('/api/prompts/runtime', base), {
        headers: settings.INTERNAL_TOKEN ? { [INTERNAL_TOKEN_HEADER]: settings.INTERNAL_TOKEN } : {},
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`the prompt service answered ${response.status}`);
      return runtimePromptsSchema.parse(await response.json());
    },
    // The visitor's cookies go along, so the owner of a reading no longer shared still gets its page.
    async sharePreview(id, cookieHeader) {
      const base = requireUrl(settings.READING_URL, 'READING_URL', 'reading');
      const response = await fetch(new URL(`/api/reading/${id}/preview`, base), {
        headers: { Accept: 'application/json', ...(cookieHeader ? { Cookie: cookieHeader } : {}) },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`the reading service answered ${response.status}`);
      return readingPreviewSchema.parse(await response.json());
    },
  };
}

/**
 * The peers inside one process: each call goes to whichever service provided it, looked up when
 * called, so services may be created in any order.
 */
export function localPeers(): { peers: ServicePeers; provide: (part: Partial<ServicePeers>) => void } {
  const provided: Partial<ServicePeers> = {};
  const provider = <K extends keyof ServicePeers>(key: K): ServicePeers[K] => {
    const found = provided[key];
    if (!found) throw new Error(`no service in this process provides ${key}`);
    return found;
  };
  return {
    peers: {
      sessions: { verify: async (sessionId) => provider('sessions').verify(sessionId) },
      runtimePrompts: async () => provider('runtimePrompts')(),
      sharePreview: async (id, cookieHeader) => provider('sharePreview')(id, cookieHeader),
    },
    provide(part) {
      Object.assign(provided, part);
    },
  };
}
