import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { READING_REQUEST_TIMEOUT_MS } from '@palm/contracts';
import { PROBLEM_CONTENT_TYPE } from '@palm/contracts';
import type { Logger } from '@palm/platform';
import { matchesPrefix } from './service-routes';

function answerProxyError(res: ServerResponse | Socket, status: 502 | 504, detail: string): void {
  if (!('writeHead' in res)) {
    res.destroy();
    return;
  }
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { 'Content-Type': PROBLEM_CONTENT_TYPE });
  res.end(
    JSON.stringify({
      type: 'about:blank',
      title: status === 504 ? 'Gateway Timeout' : 'Bad Gateway',
      status,
      detail,
    }),
  );
}

/**
 * Forwards a path prefix to one service. Mounted before any body parser, so uploads stream
 * through untouched. A service that is down answers a 502 problem at once, not a hang.
 */
export function createServiceProxy(
  route: { prefix: string; target: string; service: string },
  logger: Logger,
) {
  const handler: RequestHandler = createProxyMiddleware({
    target: route.target,
    // Without keep-alive every request opens a new connection to the service: measured at a
    // fraction of the throughput, with a p99 in seconds under load (docs/benchmarks.md).
    agent: new Agent({ keepAlive: true }),
    changeOrigin: false,
    xfwd: true,
    pathFilter: (pathname) => matchesPrefix(pathname, route.prefix),
    proxyTimeout: READING_REQUEST_TIMEOUT_MS,
    timeout: READING_REQUEST_TIMEOUT_MS,
    on: {
      proxyReq(proxyReq, req) {
        // The services trust one hop (the gateway): they get the client as the gateway judged it
        // under its own TRUST_PROXY, never an address the client wrote into the header itself.
        const client = (req as IncomingMessage & { ip?: string }).ip;
        if (client) proxyReq.setHeader('x-forwarded-for', client);
      },
      error(error, _req, res) {
        const code = (error as NodeJS.ErrnoException).code;
        const timedOut = code === 'ECONNRESET' || code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT';
        logger.warn({ service: route.service, code }, 'service unreachable through the gateway');
        answerProxyError(
          res,
          timedOut ? 504 : 502,
          timedOut
            ? 'The service took too long to answer. Please try again.'
            : 'This part of the service is unavailable right now. Please try again in a moment.',
        );
      },
    },
  });
  return handler;
}
