import { createServer, type Server } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type RequestHandler, type Router } from 'express';
import { ZodError } from 'zod';
import { PROBLEM_CONTENT_TYPE, type Problem } from '@palm/contracts';
import type { Logger } from '../logging/logger';
import { loggableUrl } from '../logging/loggable-url';
import {
  acceptRequestId,
  currentRequestId,
  REQUEST_ID_HEADER,
  runWithRequestId,
} from '../logging/request-context';
import { classifyFailure } from '../errors/failure-kind';
import { clientLimitGuard, DEFAULT_CLIENT_LIMITS, serverDeadlines, type ClientLimits } from './client-limits';
import { HttpError, serviceUnavailable } from './http-error';
import { invalidRequest } from './invalid-request';
import { requireForwardedProof } from './forwarded-proof';
import { collectProcessMetrics, histogram, metricsRegistry } from './metrics';

/** A named dependency `/readyz` checks: the database, the bus, the blob store. */
export type ReadinessCheck = () => Promise<boolean>;

export interface HttpAppOptions {
  logger: Logger;
  routers: Router[];
  readiness?: Record<string, ReadinessCheck>;
  /** Set on every response, /healthz and the 404s included (the gateway's CSP, HSTS, nosniff…). */
  securityHeaders?: RequestHandler;
  /** Mounted before the routers, e.g. the gateway's proxies and static files. */
  before?: RequestHandler[];
  /** Mounted after the routers, before the 404 answer (the gateway's SPA fallback). */
  after?: RequestHandler[];
  /** Proxies whose `X-Forwarded-For` names the client (TRUST_PROXY); none by default. */
  trustProxy?: false | number | string[];
  /**
   * A service's INTERNAL_TOKEN: X-Forwarded-* then count (under trustProxy) only on requests the
   * gateway signed with it (forwarded-proof.ts). Unset, as on the gateway, trustProxy alone decides.
   */
  forwardedProofKey?: string;
  /**
   * Serve /readyz and /metrics here (default). The gateway's public app says no: they go on its
   * separate operations port (createOperationsApp), which only the cluster reaches.
   */
  operationsEndpoints?: boolean;
  /** Upload rate and per-client cap (client-limits.ts); the defaults unless given. */
  clientLimits?: ClientLimits;
}

const httpDuration = histogram('http_request_duration_seconds', 'HTTP request latency', [
  'method',
  'route',
  'status',
]);

export function sendProblem(res: express.Response, problem: Omit<Problem, 'type'> & { type?: string }): void {
  res
    .status(problem.status)
    .type(PROBLEM_CONTENT_TYPE)
    .json({ type: 'about:blank', requestId: currentRequestId(), ...problem });
}

const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};
export const statusTitle = (status: number) => STATUS_TITLES[status] ?? 'Error';

/** Errors thrown by express's own body parsers carry a `type` and a `status`. */
function isBodyParserError(error: unknown): error is { type: string; status: number } {
  return typeof error === 'object' && error !== null && 'type' in error && 'status' in error;
}

/** PostgreSQL refusing text it cannot store (NUL, an unpaired surrogate escape). */
const UNSTORABLE_TEXT_SQLSTATES = new Set(['22P05', '22021']);

function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    if (error instanceof ZodError) {
      error = invalidRequest(error);
    } else if (!(error instanceof HttpError) && UNSTORABLE_TEXT_SQLSTATES.has(sqlState(error) ?? '')) {
      error = new HttpError(
        400,
        'The request contains characters that cannot be stored (a NUL character or a broken Unicode character). Please remove them and try again.',
        { code: 'invalid_characters' },
      );
    } else if (!(error instanceof HttpError) && classifyFailure(error) === 'transient') {
      // A database, object store or broker that is away answers "later", never a 500.
      logger.warn(
        { err: error, method: req.method, url: loggableUrl(req.originalUrl) },
        'a dependency is unavailable',
      );
      error = serviceUnavailable();
    }
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.options.headers ?? {})) res.setHeader(name, value);
      sendProblem(res, {
        status: error.status,
        title: statusTitle(error.status),
        detail: error.detail,
        code: error.options.code,
        errors: error.options.errors,
      });
      return;
    }
    if (isBodyParserError(error)) {
      const tooLarge = error.type === 'entity.too.large';
      sendProblem(res, {
        status: tooLarge ? 413 : 400,
        title: statusTitle(tooLarge ? 413 : 400),
        detail: tooLarge ? 'The request body is too large.' : 'The request body is not valid JSON.',
        code: tooLarge ? 'body_too_large' : 'invalid_body',
      });
      return;
    }
    logger.error({ err: error, method: req.method, url: loggableUrl(req.originalUrl) }, 'unhandled error');
    sendProblem(res, {
      status: 500,
      title: statusTitle(500),
      detail: 'Something went wrong on our side. Please try again in a moment.',
      code: 'internal_error',
    });
  };
}

export function createHttpApp(options: HttpAppOptions): Express {
  const { logger } = options;
  collectProcessMetrics();
  const app = express();
  app.disable('x-powered-by');
  // Without a trusted proxy, X-Forwarded-For is the client's own claim: per-client limits would
  // be a header away from being reset.
  app.set('trust proxy', options.trustProxy ?? false);
  if (options.forwardedProofKey) app.use(requireForwardedProof(options.forwardedProofKey));
  if (options.securityHeaders) app.use(options.securityHeaders);

  app.use((req, res, next) => {
    const requestId = acceptRequestId(req.headers[REQUEST_ID_HEADER]);
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.setHeader(REQUEST_ID_HEADER, requestId);
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = (req.route as { path?: string } | undefined)?.path;
      httpDuration.observe(
        { method: req.method, route: route ? `${req.baseUrl}${route}` : 'unmatched', status: res.statusCode },
        seconds,
      );
      if (req.path !== '/healthz' && req.path !== '/readyz' && req.path !== '/metrics') {
        logger.debug({
          requestId,
          method: req.method,
          url: loggableUrl(req.originalUrl),
          status: res.statusCode,
          seconds,
        });
      }
    });
    runWithRequestId(requestId, next);
  });
  const errorHandler = createErrorHandler(logger);
  app.use(
    clientLimitGuard(options.clientLimits ?? DEFAULT_CLIENT_LIMITS, (error, req, res) =>
      errorHandler(error, req, res, () => undefined),
    ),
  );

  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  if (options.operationsEndpoints ?? true) mountOperationsEndpoints(app, options.readiness);
  else for (const path of ['/readyz', '/metrics']) app.get(path, notFound);

  for (const handler of options.before ?? []) app.use(handler);
  for (const router of options.routers) app.use(router);
  for (const handler of options.after ?? []) app.use(handler);

  app.use(notFound);
  app.use(errorHandler);
  return app;
}

const notFound: RequestHandler = (req, res) => {
  sendProblem(res, {
    status: 404,
    title: statusTitle(404),
    detail: `There is nothing at ${req.method} ${req.path}.`,
    code: 'not_found',
  });
};

function mountOperationsEndpoints(app: Express, readiness: Record<string, ReadinessCheck> = {}): void {
  app.get('/readyz', async (_req, res) => {
    const results = await Promise.all(
      Object.entries(readiness).map(
        async ([name, check]) => [name, await check().catch(() => false)] as const,
      ),
    );
    const ready = results.every(([, ok]) => ok);
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) });
  });
  app.get('/metrics', async (_req, res) => {
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}

/**
 * /healthz, /readyz and /metrics on a port of their own, for probes and Prometheus inside the
 * cluster: the gateway's public port (and so the Ingress) does not serve readiness details or metrics.
 */
export function createOperationsApp(options: {
  logger: Logger;
  readiness?: Record<string, ReadinessCheck>;
  securityHeaders?: RequestHandler;
}): Express {
  collectProcessMetrics();
  const app = express();
  app.disable('x-powered-by');
  if (options.securityHeaders) app.use(options.securityHeaders);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  mountOperationsEndpoints(app, options.readiness);
  app.use(notFound);
  app.use(createErrorHandler(options.logger));
  return app;
}

export interface RunningServer {
  server: Server;
  port: number;
  url: string;
  close(): Promise<void>;
}

/**
 * Listens on `port` (0 picks a free one) on `host` with the header and request deadlines of
 * `limits`, and closes keep-alive sockets on close.
 */
export function listen(
  app: Express,
  port: number,
  host = '0.0.0.0',
  limits: ClientLimits = DEFAULT_CLIENT_LIMITS,
): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const server = createServer(serverDeadlines(limits), app);
    // Node's default of 5 s closes idle keep-alive sockets just as the gateway tends to reuse them
    // (a client waiting out a 5 s Retry-After), and the request fails with ECONNRESET. The headers
    // deadline counts from a request's first byte, so an idle keep-alive socket is not cut by it.
    server.keepAliveTimeout = 65_000;
    server.on('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      const actualPort = typeof address === 'object' && address ? address.port : port;
      resolve({
        server,
        port: actualPort,
        url: `http://127.0.0.1:${actualPort}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
            setTimeout(() => server.closeAllConnections(), 5_000).unref();
          }),
      });
    });
  });
}
