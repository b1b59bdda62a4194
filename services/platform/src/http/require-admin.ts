import type { RequestHandler } from 'express';
import { unauthorized } from './http-error';

/** Answers whether a bearer session id belongs to a signed-in operator right now. */
export interface SessionVerifier {
  verify(sessionId: string): Promise<boolean>;
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+([A-Za-z0-9_-]{16,200})$/.exec(header ?? '');
  return match?.[1];
}

/** The one admin check every `/api/admin/**` route (but status, setup and login) goes through. */
export function requireAdmin(verifier: SessionVerifier): RequestHandler {
  return (req, _res, next) => {
    const sessionId = bearerToken(req.headers.authorization);
    if (!sessionId) {
      next(unauthorized());
      return;
    }
    verifier
      .verify(sessionId)
      .then(
        (valid) => next(valid ? undefined : unauthorized('Your session has expired. Please sign in again.')),
        next,
      );
  };
}
