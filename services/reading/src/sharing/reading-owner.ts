import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';

export const OWNER_COOKIE = 'palm_owner';
/** Browsers cap cookie lifetimes at 400 days. */
const OWNER_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const hashOwnerToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The owner token in a Cookie header, or undefined. */
export function ownerTokenFromCookies(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === OWNER_COOKIE) {
      const token = value.join('=');
      return TOKEN.test(token) ? token : undefined;
    }
  }
  return undefined;
}

/** Whether this Cookie header belongs to the browser that made the reading. */
export function isOwner(cookieHeader: string | undefined, ownerHash: string | null): boolean {
  const token = ownerTokenFromCookies(cookieHeader);
  if (!token || !ownerHash) return false;
  const expected = Buffer.from(ownerHash, 'hex');
  const actual = Buffer.from(hashOwnerToken(token), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * The browser's owner token: the one it already has (so all its readings share one cookie) or a
 * new one, set as an HttpOnly cookie. The reading stores only its hash.
 */
export function ensureOwnerCookie(req: Request, res: Response): string {
  const token = ownerTokenFromCookies(req.headers.cookie) ?? randomBytes(32).toString('base64url');
  res.cookie(OWNER_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: req.secure,
    path: '/',
    maxAge: OWNER_COOKIE_MAX_AGE_S * 1000,
  });
  return token;
}
