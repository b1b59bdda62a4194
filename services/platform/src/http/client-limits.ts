import type { IncomingHttpHeaders, ServerOptions } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { z } from 'zod';
import { HttpError } from './http-error';

/**
 * What one client's connections may cost a server: how long it may take to send its headers and
 * its whole request, how slowly a body may trickle in, and how many bodies one address may be
 * sending at once. Every server the product listens with applies them: the gateway (or the
 * embedded product) where a visitor's socket lands, and each service behind it.
 */
export interface ClientLimits {
  /** The request line and headers must have arrived this long after the first byte. */
  headersTimeoutMs: number;
  /** The whole request, body included, must have arrived this long after its first byte. */
  requestTimeoutMs: number;
  /** Once past the grace period, a body being read must bring at least this many bytes a second… */
  minBodyBytesPerSecond: number;
  /** …measured over windows of this length, */
  bodyRateWindowMs: number;
  /** …starting this long after its headers (a phone's connection takes a moment to get going). */
  bodyRateGraceMs: number;
  /** Uploads (forms, streamed or large bodies) that one client address may have in flight at once. */
  uploadsPerClient: number;
}

export const DEFAULT_CLIENT_LIMITS: ClientLimits = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 120_000,
  minBodyBytesPerSecond: 2_048,
  bodyRateWindowMs: 5_000,
  bodyRateGraceMs: 10_000,
  uploadsPerClient: 4,
};

const wholeNumber = (min: number, fallback: number) =>
  z.coerce.number().int().min(min, `expected a whole number ≥ ${min}`).default(fallback);

/** The environment variables of ClientLimits, spread into each server's configuration schema. */
export const clientLimitSettings = {
  HEADERS_TIMEOUT_MS: wholeNumber(1_000, DEFAULT_CLIENT_LIMITS.headersTimeoutMs),
  REQUEST_TIMEOUT_MS: wholeNumber(1_000, DEFAULT_CLIENT_LIMITS.requestTimeoutMs),
  UPLOAD_MIN_BYTES_PER_SECOND: wholeNumber(0, DEFAULT_CLIENT_LIMITS.minBodyBytesPerSecond),
  UPLOAD_RATE_GRACE_MS: wholeNumber(0, DEFAULT_CLIENT_LIMITS.bodyRateGraceMs),
  UPLOADS_PER_CLIENT: wholeNumber(1, DEFAULT_CLIENT_LIMITS.uploadsPerClient),
};

type ClientLimitConfig = { [K in keyof typeof clientLimitSettings]: number };

export function clientLimitsFrom(config: ClientLimitConfig): ClientLimits {
  return {
    ...DEFAULT_CLIENT_LIMITS,
    // Node refuses a headers deadline beyond the whole request's.
    headersTimeoutMs: Math.min(config.HEADERS_TIMEOUT_MS, config.REQUEST_TIMEOUT_MS),
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    minBodyBytesPerSecond: config.UPLOAD_MIN_BYTES_PER_SECOND,
    bodyRateGraceMs: config.UPLOAD_RATE_GRACE_MS,
    uploadsPerClient: config.UPLOADS_PER_CLIENT,
  };
}

/**
 * The deadlines Node's HTTP server enforces itself. It checks them every
 * `connectionsCheckingInterval` (30 s by default, which would let a stalled socket live half a
 * minute past its deadline), so the check runs at a tenth of the shorter deadline.
 */
export function serverDeadlines(limits: ClientLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, limits.headersTimeoutMs / 10)),
  };
}

/** How long a client over its upload cap is asked to wait (`Retry-After`, seconds). */
const UPLOAD_RETRY_AFTER_SECONDS = 5;

/** How often a waiting body's connection is probed: a client that left is noticed within ~2 s. */
const PROBE_EVERY_MS = 1_000;

const hasBody = (headers: IncomingHttpHeaders) =>
  Number(headers['content-length'] ?? 0) > 0 || headers['transfer-encoding'] !== undefined;

/** A body larger than this takes a moment to send, however fast the client. */
const SMALL_BODY_BYTES = 64 * 1024;

/**
 * What the per-client cap counts: forms (a photo may follow), streamed bodies and large ones. A
 * small JSON body is all there in a packet or two; counting it would refuse an operator's screen
 * that saves a few things at once, and the body rate still covers one that trickles.
 */
const isUpload = (headers: IncomingHttpHeaders) =>
  (headers['content-type'] ?? '').toLowerCase().startsWith('multipart/') ||
  headers['transfer-encoding'] !== undefined ||
  Number(headers['content-length'] ?? 0) > SMALL_BODY_BYTES;

/**
 * Per-request half of ClientLimits, mounted before every route.
 *
 * An address already sending `uploadsPerClient` uploads gets 429 before its new one is read: eight
 * slow connections from one address then hold at most that many of intake's slots.
 *
 * A body that is being read (someone consumes it and nothing is buffered unread) must keep to the
 * minimum rate after the grace period, or it is answered 408 and its socket closed: one byte every
 * few seconds is an attack, not a phone. A body nobody reads yet (it waits its turn in intake, or
 * the service behind the gateway is not taking it yet) is not the client's fault and is not timed;
 * instead its connection is probed with `102 Processing` every second, which a client must skip
 * (RFC 9110 §15.2): Node stops reading a socket whose body waits, so a client that hung up would
 * otherwise go unnoticed until its turn came, and its photo would then be read and kept.
 */
export function clientLimitGuard(
  limits: ClientLimits,
  refuse: (error: HttpError, req: Request, res: Response) => void,
): RequestHandler {
  const uploadsByClient = new Map<string, number>();

  return (req, res, next) => {
    if (!hasBody(req.headers)) {
      next();
      return;
    }
    const client = req.ip ?? req.socket.remoteAddress ?? 'unknown';
    const counted = isUpload(req.headers);
    const inFlight = uploadsByClient.get(client) ?? 0;
    if (counted && inFlight >= limits.uploadsPerClient) {
      res.setHeader('Connection', 'close');
      refuse(
        new HttpError(
          429,
          'You are already sending several uploads at once. Please wait until they have finished, then try again.',
          { code: 'too_many_uploads', headers: { 'Retry-After': String(UPLOAD_RETRY_AFTER_SECONDS) } },
        ),
        req,
        res,
      );
      return;
    }
    if (counted) uploadsByClient.set(client, inFlight + 1);

    const canBeProbed = req.httpVersionMajor === 1 && req.httpVersionMinor >= 1;
    const isBeingRead = () => req.readableFlowing === true && req.readableLength === 0;
    const arrivedAt = Date.now();
    let windowStartedAt = arrivedAt;
    let bytesAtWindowStart = req.socket.bytesRead;
    let readThroughWindow = isBeingRead();
    const watch = setInterval(
      () => {
        if (!isBeingRead()) {
          readThroughWindow = false;
          if (canBeProbed && !res.headersSent) res.writeProcessing();
          return;
        }
        const now = Date.now();
        if (now - windowStartedAt < limits.bodyRateWindowMs) return;
        const received = req.socket.bytesRead - bytesAtWindowStart;
        const minimum = (limits.minBodyBytesPerSecond * (now - windowStartedAt)) / 1_000;
        const judged = readThroughWindow && windowStartedAt - arrivedAt >= limits.bodyRateGraceMs;
        windowStartedAt = now;
        bytesAtWindowStart = req.socket.bytesRead;
        readThroughWindow = true;
        if (judged && received < minimum) cutTooSlow();
      },
      Math.min(PROBE_EVERY_MS, limits.bodyRateWindowMs),
    );
    watch.unref();

    const cutTooSlow = () => {
      done();
      if (res.headersSent) {
        req.socket.destroy();
        return;
      }
      res.setHeader('Connection', 'close');
      // Whatever of the body is still on its way is not waited for.
      res.once('finish', () => req.socket.destroy());
      refuse(
        new HttpError(
          408,
          'Your upload was arriving too slowly and was stopped. Please try again on a steadier connection.',
          { code: 'upload_too_slow' },
        ),
        req,
        res,
      );
    };
    let finished = false;
    const done = () => {
      if (finished) return;
      finished = true;
      clearInterval(watch);
      if (!counted) return;
      const left = (uploadsByClient.get(client) ?? 1) - 1;
      if (left > 0) uploadsByClient.set(client, left);
      else uploadsByClient.delete(client);
    };
    req.once('end', done);
    res.once('close', done);
    next();
  };
}
