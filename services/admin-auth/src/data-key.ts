import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, IN_MEMORY } from '@palm/platform';

export const DATA_KEY_BYTES = 32;
export const DATA_KEY_FILE = 'admin-data.key';
export const DATA_KEY_REASON =
  'set it to 32 random bytes in base64 (e.g. `openssl rand -base64 32`), the same in every admin-auth replica, ' +
  'and back it up: it encrypts the stored authenticator secret';

/** Decodes a base64 data key; undefined unless it is exactly 32 bytes. */
export function decodeDataKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return undefined;
  const key = Buffer.from(trimmed, 'base64');
  return key.length === DATA_KEY_BYTES ? key : undefined;
}

/**
 * The embedded mode's data key: the one in `${dataDir}/admin-data.key`, made on first start
 * (mode 0600, readable by this user only). An in-memory database gets a key that lives as long.
 */
export function embeddedDataKey(dataDir: string): Buffer {
  if (dataDir === IN_MEMORY) return randomBytes(DATA_KEY_BYTES);
  const file = path.resolve(dataDir, DATA_KEY_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // `wx`: of two processes starting at once on one folder, one writes and both read that key.
    writeFileSync(file, `${randomBytes(DATA_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = decodeDataKey(readFileSync(file, 'utf8'));
  if (!key) {
    throw new ConfigError(
      `Invalid configuration:\n  ${file}: expected 32 random bytes in base64; restore the file from a backup or set ADMIN_DATA_KEY`,
    );
  }
  return key;
}

/** One key per purpose, derived from the data key, so no two uses ever share key material. */
export interface AdminKeys {
  atRest: Buffer;
  deviceCookie: Buffer;
  backupCodeDigest: Buffer;
}

const derive = (dataKey: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', dataKey, Buffer.alloc(0), `palm admin-auth ${purpose} v1`, DATA_KEY_BYTES));

export function deriveAdminKeys(dataKey: Buffer): AdminKeys {
  return {
    atRest: derive(dataKey, 'at-rest encryption'),
    deviceCookie: derive(dataKey, 'device cookie'),
    backupCodeDigest: derive(dataKey, 'backup-code digest'),
  };
}

/** The data key does not open what is stored: it is not the key the rows were sealed with. */
export class DataKeyMismatchError extends ConfigError {
  override name = 'DataKeyMismatchError';
  constructor(what: string) {
    super(
      `Invalid configuration:\n  ADMIN_DATA_KEY: does not decrypt the stored ${what}; it is not the key it was stored with. ` +
        `Restore the key (or, in the embedded mode, the ${DATA_KEY_FILE} file in DATA_DIR) from a backup, ` +
        'or set the authenticator up anew (see docs/operations.md, "Operator sign-in protection")',
    );
  }
}

const SEALED_PREFIX = 'sealed:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM for the few secrets the database must hold readable by the service (the
 * authenticator secret, backup codes still to be shown). The context (table, column, row) is
 * authenticated with the text, so a sealed value copied into another column does not open.
 */
export class AtRestCipher {
  constructor(private readonly key: Buffer) {}

  static isSealed(value: string): boolean {
    return value.startsWith(SEALED_PREFIX);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${SEALED_PREFIX}${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  /** The plain text, or DataKeyMismatchError naming `what` when this key did not seal it. */
  open(sealed: string, context: string, what: string): string {
    const [iv = '', body = ''] = sealed.slice(SEALED_PREFIX.length).split('.');
    const bytes = Buffer.from(body, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new DataKeyMismatchError(what);
    }
  }
}
