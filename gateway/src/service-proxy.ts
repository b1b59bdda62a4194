import { Agent, request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { PROBLEM_CONTENT_TYPE, READING_REQUEST_TIMEOUT_MS } from '@palm/contracts';
import { FORWARDED_PROOF_HEADER, signForwardedHeaders, type Logger } from '@palm/platform';
import { matchesPrefix, type ServiceRoute } from './service-routes';

/** Headers that describe one connection, not the message: never forwarded across a hop (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers.connection ?? '')
      .toLowerCase()
      .split(',')
      .map((name) => name.trim()),
  );
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name) && !named.has(name)),
  );
}

/**
 * The services trust one hop (the gateway): they get the client, scheme and host as the gateway
 * judged them under its own TRUST_PROXY, never values the client wrote into the headers itself,
 * signed with the internal token so that a service honours them from the gateway alone.
 * `Expect: 100-continue` was answered by the gateway's own server already.
 */
function forwardedHeaders(req: Request, proofKey: string): OutgoingHttpHeaders {
  const headers = endToEnd(req.headers);
  delete headers.expect;
  delete headers['x-forwarded-for'];
  delete headers[FORWARDED_PROOF_HEADER];
  if (req.ip) headers['x-forwarded-for'] = req.ip;
  headers['x-forwarded-proto'] = req.protocol;
  headers['x-forwarded-host'] = req.host;
  signForwardedHeaders(headers, proofKey);
  return headers;
}

const TIMED_OUT = new Set(['ECONNRESET', 'ETIMEDOUT', 'ESOCKETTIMEDOUT']);

function answerProxyError(res: Response, timedOut: boolean): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const status = timedOut ? 504 : 502;
  res.writeHead(status, { 'Content-Type': PROBLEM_CONTENT_TYPE });
  res.end(
    JSON.stringify({
      type: 'about:blank',
      title: timedOut ? 'Gateway Timeout' : 'Bad Gateway',
      status,
      detail: timedOut
        ? 'The service took too long to answer. Please try again.'
        : 'This part of the service is unavailable right now. Please try again in a moment.',
    }),
  );
}

/**
 * Forwards each API path prefix to its service. Mounted before any body parser, so uploads stream
 * through untouched in both directions. A service that is down answers a 502 problem at once, one
 * that does not answer within `timeoutMs` a 504, and a client that leaves cancels its request.
 *
 * Written on node's HTTP client rather than http-proxy, whose `xfwd` kept a client's own
 * X-Forwarded-Host and put a client's X-Forwarded-Proto first, where the services' one trusted hop
 * reads it; here the forwarded headers are the gateway's judgement alone, and one route lookup
 * replaces a middleware per route.
 */
export function createServiceProxy(
  routes: readonly ServiceRoute[],
  logger: Logger,
  options: { timeoutMs?: number; forwardedProofKey: string },
): RequestHandler {
  const timeoutMs = options.timeoutMs ?? READING_REQUEST_TIMEOUT_MS;
  // Without keep-alive every request opens a new connection to the service: measured at a
  // fraction of the throughput, with a p99 in seconds under load (docs/benchmarks.md).
  const agents = new Map(routes.map((route) => [route.target, new Agent({ keepAlive: true })]));
  const forwards = routes.map((route) => ({
    ...route,
    url: new URL(route.target),
    agent: agents.get(route.target),
  }));

  return (req: Request, res: Response, next) => {
    const route = forwards.find((candidate) => matchesPrefix(req.path, candidate.prefix));
    if (!route) {
      next();
      return;
    }
    const upstream = request({
      host: route.url.hostname,
      port: route.url.port,
      method: req.method,
      path: req.originalUrl,
      agent: route.agent,
      headers: forwardedHeaders(req, options.forwardedProofKey),
    });
    upstream.setTimeout(timeoutMs, () => {
      upstream.destroy(Object.assign(new Error('service timed out'), { code: 'ETIMEDOUT' }));
    });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (res.destroyed) return;
      logger.warn({ service: route.service, code: error.code }, 'service unreachable through the gateway');
      answerProxyError(res, TIMED_OUT.has(error.code ?? ''));
    });
    // A client that hangs up, mid-upload or while waiting for its reading, frees the service too,
    // as does an upload the gateway answered itself before its body was in (too slow: 408).
    res.on('close', () => {
      if (!res.writableFinished || !req.complete) upstream.destroy();
    });
    req.pipe(upstream);
  };
}
