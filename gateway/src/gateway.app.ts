import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Express, RequestHandler, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { isSitePage } from '@palm/contracts';
import { createHttpApp, sendProblem, statusTitle, type ClientLimits, type Logger } from '@palm/platform';
import { textCompression } from './text-compression';
import { landingPageHandler } from './landing-meta';
import { securityHeaders } from './security-headers';
import { reportPageHandler, type ReportPageSource } from './report-meta';
import { precompressedStaticFiles } from './static-files';

export interface GatewayAppOptions {
  logger: Logger;
  /** Proxies (distributed) or the services' own routers (embedded). */
  api: (RequestHandler | Router)[];
  webDist: string;
  readingRateLimitPerMinute: number;
  /** What /report/{id} shows a browser: the reading service in-process, or over HTTP. */
  reportPage?: ReportPageSource;
  /**
   * PUBLIC_URL: the base of absolute preview URLs (the request's own origin when unset); when it is
   * https, Strict-Transport-Security keeps browsers on https.
   */
  publicUrl?: string;
  trustProxy?: false | number | string[];
  clientLimits?: ClientLimits;
}

function readingRateLimit(perMinute: number): RequestHandler {
  const limiter = rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (_req, res) =>
      sendProblem(res, {
        status: 429,
        title: statusTitle(429),
        detail: 'You have asked for many readings in a short time. Please wait a minute and try again.',
        code: 'rate_limited',
      }),
  });
  return (req, res, next) => {
    if (req.method === 'POST' && req.path === '/api/reading') {
      void limiter(req, res, next);
      return;
    }
    next();
  };
}

/** The single-page app: the built files (static-files.ts), every other non-API GET gets index.html. */
function webApp(
  webDist: string,
  logger: Logger,
): { reportShell: string; files: RequestHandler; fallback: RequestHandler } {
  const indexFile = path.resolve(webDist, 'index.html');
  // The shell with the report's own scripts preloaded (web/build/prerender.plugin.ts), when built.
  const builtReportShell = path.resolve(webDist, 'prerendered', 'report.shell.html');
  const reportShell = existsSync(builtReportShell) ? builtReportShell : indexFile;
  if (!existsSync(indexFile)) logger.warn({ webDist }, 'web app not built: run `npm run build:web`');
  const files = precompressedStaticFiles(webDist);
  const fallback: RequestHandler = (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path.startsWith('/api/')) {
      next();
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    // The app shows its 404 page for a path it has no page for; crawlers and tools need the status too.
    if (!isSitePage(req.path)) res.status(404);
    res.sendFile(indexFile, (error) => {
      if (error) next();
    });
  };
  return { reportShell, files, fallback };
}

export function createGatewayApp(options: GatewayAppOptions): Express {
  const web = webApp(options.webDist, options.logger);
  return createHttpApp({
    logger: options.logger,
    trustProxy: options.trustProxy,
    clientLimits: options.clientLimits,
    // Readiness and metrics are on the operations port (createOperationsApp), not the public one.
    operationsEndpoints: false,
    securityHeaders: securityHeaders(options.publicUrl?.startsWith('https:') ?? false),
    before: [
      textCompression(),
      readingRateLimit(options.readingRateLimitPerMinute),
      ...options.api,
      landingPageHandler({ webDist: options.webDist, publicUrl: options.publicUrl, logger: options.logger }),
      web.files,
    ],
    routers: [],
    after: [
      ...(options.reportPage
        ? [
            reportPageHandler({
              shellFile: web.reportShell,
              webDist: options.webDist,
              reportPage: options.reportPage,
              publicUrl: options.publicUrl,
              logger: options.logger,
            }),
          ]
        : []),
      web.fallback,
    ],
  });
}
