import { createHash, createHmac, randomBytes, randomInt, scrypt, timingSafeEqual } from 'node:crypto';

interface ScryptParameters {
  N: number;
  r: number;
  p: number;
}
// ~40 ms per hash: cheap for one sign-in, costly for anyone guessing offline from a stolen table.
const SCRYPT: ScryptParameters = { N: 16_384, r: 8, p: 1 };
const KEY_LENGTH = 32;

function scryptAsync(
  plain: string,
  salt: Buffer,
  keyLength: number,
  parameters: ScryptParameters,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(plain, salt, keyLength, parameters, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** A salted slow hash, `scrypt$N$r$p$salt$key`, for secrets a person types (backup codes). */
export async function hashSecret(plain: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(plain, salt, KEY_LENGTH, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

export async function secretMatches(plain: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scryptAsync(plain, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** HMAC-SHA-256: a digest only the holder of `key` can compute, fast enough to look a value up by. */
export const keyedDigest = (key: Buffer, value: string) =>
  createHmac('sha256', key).update(value).digest('base64url');

/** Compares two strings without leaking, through timing, how much of them matched. */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(sha256(a)), Buffer.from(sha256(b)));
}

/** 256 random bits, base64url: session ids and generated setup tokens. */
export const randomToken = () => randomBytes(32).toString('base64url');

// No 0/O, 1/I/L: codes are read off paper and typed back.
const BACKUP_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const BACKUP_CODE_LENGTH = 8;
export const BACKUP_CODE_COUNT = 10;

export function generateBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = '';
    for (let i = 0; i < BACKUP_CODE_LENGTH; i++)
      code += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
    codes.add(code);
  }
  return [...codes];
}

export const normalizeBackupCode = (code: string) => code.trim().toUpperCase();
