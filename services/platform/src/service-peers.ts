import {
  INTERNAL_TOKEN_HEADER,
  PEER_CALLS,
  peerUrlSetting,
  type PeerCall,
  type PeerCallName,
  type PeerRequest,
  type PeerUrlSetting,
  type ServicePeers,
} from '@palm/contracts';

export type { ServicePeers } from '@palm/contracts';

/** Where the peers listen in distributed mode; a peer whose address a process lacks is one it never asks. */
export type RemotePeerSettings = { [S in PeerUrlSetting]?: string } & {
  /** Sent as `X-Internal-Token` with the calls whose endpoint answers only its own product. */
  INTERNAL_TOKEN?: string;
};

const TIMEOUT_MS = 3_000;

const callNames = Object.keys(PEER_CALLS) as PeerCallName[];

function peersOf(call: <N extends PeerCallName>(name: N) => ServicePeers[N]): ServicePeers {
  return Object.fromEntries(callNames.map((name) => [name, call(name)])) as ServicePeers;
}

/** One call as an HTTP request to the service that answers it (distributed mode). */
async function askRemote(call: PeerCall, args: unknown[], settings: RemotePeerSettings): Promise<unknown> {
  const variable = peerUrlSetting(call.service) as PeerUrlSetting;
  const base = settings[variable];
  if (!base) throw new Error(`${variable} is not set: this process cannot ask the ${call.service} service`);
  const request = call.request as (...args: unknown[]) => PeerRequest;
  const { path, headers = {}, internal } = request(...args);
  const ask = () =>
    fetch(new URL(path, base), {
      headers: {
        ...headers,
        ...(internal && settings.INTERNAL_TOKEN ? { [INTERNAL_TOKEN_HEADER]: settings.INTERNAL_TOKEN } : {}),
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  const { answer } = call;
  if ('yesOn' in answer) {
    // Any failure to get a clear "yes" (network error, timeout, 5xx) is a "no".
    const response = await ask().catch(() => undefined);
    await response?.body?.cancel();
    return response?.status === answer.yesOn;
  }
  const response = await ask();
  if (response.status === answer.noneOn) {
    await response.body?.cancel();
    return null;
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`the ${call.service} service answered ${response.status}`);
  }
  return answer.body.parse(await response.json());
}

/** The peers as HTTP clients of the services named by the settings (distributed mode). */
export function remotePeers(settings: RemotePeerSettings): ServicePeers {
  return peersOf(
    (name) =>
      ((...args: unknown[]) =>
        askRemote(PEER_CALLS[name], args, settings)) as unknown as ServicePeers[typeof name],
  );
}

/**
 * The peers inside one process: each call goes to whichever service provided it, looked up when
 * called, so services may be created in any order.
 */
export function localPeers(): { peers: ServicePeers; provide: (part: Partial<ServicePeers>) => void } {
  const provided: Partial<ServicePeers> = {};
  return {
    peers: peersOf(
      (name) =>
        (async (...args: unknown[]) => {
          const found = provided[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
          if (!found) throw new Error(`no service in this process provides ${name}`);
          return found(...args);
        }) as ServicePeers[typeof name],
    ),
    provide(part) {
      Object.assign(provided, part);
    },
  };
}
