import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';

/** The gateway's signature over the forwarded headers it wrote, keyed by INTERNAL_TOKEN. */
export const FORWARDED_PROOF_HEADER = 'x-forwarded-proof';
const FORWARDED_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'] as const;

/**
 * The signature covers the values, not just "the gateway was here": a proof that leaked (say, from
 * a packet capture) vouches for one client address only, never for one an attacker picks.
 * The label keeps this digest apart from any other use of the same token.
 */
function proofOf(key: string, headers: IncomingHttpHeaders | OutgoingHttpHeaders): Buffer {
  const values = FORWARDED_HEADERS.map((name) => String(headers[name] ?? ''));
  return createHmac('sha256', key)
    .update(['palm forwarded headers', ...values].join('\n'))
    .digest();
}

/** Signs the X-Forwarded-* headers the gateway has just written for a service. */
export function signForwardedHeaders(headers: OutgoingHttpHeaders, key: string): void {
  headers[FORWARDED_PROOF_HEADER] = proofOf(key, headers).toString('base64url');
}

function carriesProof(headers: IncomingHttpHeaders, key: string): boolean {
  const given = headers[FORWARDED_PROOF_HEADER];
  if (typeof given !== 'string') return false;
  const expected = proofOf(key, headers);
  const actual = Buffer.from(given, 'base64url');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A service port may be reached by more than the gateway (a neighbour on the network, a port left
 * open): X-Forwarded-* there is anyone's claim. Without the gateway's proof they are dropped, so
 * the client is the connection's own address and per-client limits cannot be reset by a header.
 */
export function requireForwardedProof(key: string): RequestHandler {
  return (req, _res, next) => {
    if (!carriesProof(req.headers, key)) for (const name of FORWARDED_HEADERS) delete req.headers[name];
    delete req.headers[FORWARDED_PROOF_HEADER];
    next();
  };
}
