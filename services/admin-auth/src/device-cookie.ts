import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import { readCookie } from '@palm/platform';

export const DEVICE_COOKIE = 'palm_admin_device';
/** Browsers keep no cookie longer than 400 days. */
const BROWSER_MAX_AGE_DAYS = 400;
const DAY_MS = 24 * 60 * 60 * 1000;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The operator's browsers, recognised by a cookie signed with a server key (OWASP's device
 * cookies against brute force): `<device id>.<issued at, ms>.<HMAC-SHA-256>`. Only a browser
 * that signed in gets one; nothing about it is stored, so rotating the key forgets every device.
 */
export class DeviceCookies {
  private readonly maxAgeMs: number;

  constructor(
    private readonly key: Buffer,
    lifetimeDays: number,
  ) {
    this.maxAgeMs = Math.min(lifetimeDays, BROWSER_MAX_AGE_DAYS) * DAY_MS;
  }

  /** The device id of a known, unexpired device, or undefined (no cookie, expired, or not signed by us). */
  knownDevice(req: Request, now: Date): string | undefined {
    const value = readCookie(req.headers.cookie, DEVICE_COOKIE);
    const [deviceId = '', issued = '', mac = '', ...rest] = (value ?? '').split('.');
    if (rest.length > 0 || !DEVICE_ID.test(deviceId) || !/^\d{1,15}$/.test(issued)) return undefined;
    // Compared as text: base64 decoding ignores a last character's spare bits, text does not.
    const expected = Buffer.from(this.sign(deviceId, issued).toString('base64url'));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const age = now.getTime() - Number(issued);
    return age >= 0 && age <= this.maxAgeMs ? deviceId : undefined;
  }

  /** Marks this browser known for another lifetime, keeping its device id if it has one. */
  remember(req: Request, res: Response, now: Date, deviceId = randomBytes(16).toString('base64url')): void {
    const issued = String(now.getTime());
    res.cookie(DEVICE_COOKIE, `${deviceId}.${issued}.${this.sign(deviceId, issued).toString('base64url')}`, {
      httpOnly: true,
      secure: req.secure,
      sameSite: 'strict',
      path: '/api/admin',
      maxAge: this.maxAgeMs,
    });
  }

  private sign(deviceId: string, issued: string): Buffer {
    return createHmac('sha256', this.key).update(`${deviceId}.${issued}`).digest();
  }
}
