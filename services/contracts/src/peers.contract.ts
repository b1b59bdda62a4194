import type { z } from 'zod';
import { runtimePromptsSchema } from './prompt.contract';
import { reportPageSchema } from './sharing.contract';

/** How one HTTP request of a peer call is made. */
export interface PeerRequest {
  path: string;
  headers?: Record<string, string>;
  /** Sent with the internal token (`X-Internal-Token`): the endpoint answers only its own product. */
  internal?: boolean;
}

/** How the answer reads: a yes/no by status, or a JSON body (with a status that means "none"). */
export type PeerAnswer =
  /** Yes on this status, no on any other and on no answer at all: a failed check fails closed. */
  { yesOn: number } | { body: z.ZodType; noneOn?: number };

export interface PeerCall<
  A extends unknown[] = never[],
  R extends PeerAnswer = PeerAnswer,
  S extends string = string,
> {
  /** The service that answers the call; its address is the setting `peerUrlSetting(service)`. */
  service: S;
  request: (...args: A) => PeerRequest;
  answer: R;
}

type PeerResult<R extends PeerAnswer> = R extends { yesOn: number }
  ? boolean
  : R extends { body: infer S extends z.ZodType; noneOn: number }
    ? z.output<S> | null
    : R extends { body: infer S extends z.ZodType }
      ? z.output<S>
      : never;

const peerCall = <A extends unknown[], const R extends PeerAnswer, const S extends string>(
  call: PeerCall<A, R, S>,
) => call;

/**
 * Every call one service makes to another, as `QUEUES` is every event it sends: platform builds
 * from this table the peers each service is given (`ServicePeers`), as local calls into the
 * providing service in one process and as HTTP requests in distributed mode. Adding a call is one
 * entry here, one `provides` in the service that answers it.
 */
export const PEER_CALLS = {
  /** Whether an operator's session is valid right now (nothing cached: a sign-out closes every service). */
  verifySession: peerCall({
    service: 'admin-auth',
    request: (sessionId: string) => ({
      path: '/api/admin/session',
      headers: { authorization: `Bearer ${sessionId}` },
    }),
    answer: { yesOn: 204 },
  }),
  /** The prompts the reading engine uses now. */
  runtimePrompts: peerCall({
    service: 'prompt',
    request: () => ({ path: '/api/prompts/runtime', internal: true }),
    answer: { body: runtimePromptsSchema },
  }),
  /**
   * What /report/{id} shows the browser with this Cookie header (its link preview, the reading and
   * its sharing); null when that browser may not see it. The visitor's cookies go along, so the
   * owner of a reading not shared still gets it.
   */
  reportPage: peerCall({
    service: 'reading',
    request: (id: string, cookieHeader: string | undefined) => ({
      path: `/api/reading/${encodeURIComponent(id)}/page`,
      headers: { accept: 'application/json', ...(cookieHeader ? { cookie: cookieHeader } : {}) },
    }),
    answer: { body: reportPageSchema, noneOn: 404 },
  }),
} as const;

export type PeerCallName = keyof typeof PEER_CALLS;
type CallOf<N extends PeerCallName> = (typeof PEER_CALLS)[N];

/** What one service asks of another: each call of `PEER_CALLS` as an async function. */
export type ServicePeers = {
  [N in PeerCallName]: (
    ...args: Parameters<CallOf<N>['request']>
  ) => Promise<PeerResult<CallOf<N>['answer']>>;
};

export type PeerService = CallOf<PeerCallName>['service'];

type Screaming<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Uppercase<Head>}_${Screaming<Tail>}`
  : Uppercase<S>;

/** The setting naming where a peer service listens in distributed mode: `admin-auth` → `ADMIN_AUTH_URL`. */
export type PeerUrlSetting<S extends string = PeerService> = `${Screaming<S>}_URL`;

export const peerUrlSetting = <S extends string>(service: S) =>
  `${service.toUpperCase().replaceAll('-', '_')}_URL` as PeerUrlSetting<S>;
