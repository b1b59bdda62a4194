import { z } from 'zod';
import { infrastructureConfigSchema } from '@palm/platform';
import { ADMIN_CODE_MAX_LENGTH, ADMIN_CODE_MIN_LENGTH } from '@palm/contracts';
import { decodeDataKey } from './data-key';

const positiveInteger = (fallback: number) =>
  z.coerce
    .number({ error: 'expected a whole number above 0' })
    .int('expected a whole number above 0')
    .positive('expected a whole number above 0')
    .default(fallback);

/** RFC 4226 asks for at least 128 bits: 26 base32 characters. Spaces and case are forgiven. */
const totpSecretSetting = z
  .string()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^[A-Z2-7]+=*$/, 'expected a base32 secret (letters A-Z and digits 2-7)')
      .min(26, 'expected a base32 secret of at least 26 characters (128 bits)'),
  )
  .optional();

const backupCodesSetting = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter((code) => code.length > 0),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .min(
            ADMIN_CODE_MIN_LENGTH,
            `expected codes of ${ADMIN_CODE_MIN_LENGTH}-${ADMIN_CODE_MAX_LENGTH} characters`,
          )
          .max(
            ADMIN_CODE_MAX_LENGTH,
            `expected codes of ${ADMIN_CODE_MIN_LENGTH}-${ADMIN_CODE_MAX_LENGTH} characters`,
          )
          .regex(/^[A-Z0-9]+$/, 'expected codes of letters and digits only'),
      )
      .min(1, 'expected a comma-separated list of backup codes'),
  )
  .optional();

const dataKeySetting = z
  .string()
  .transform((value, context) => {
    const key = decodeDataKey(value);
    if (key) return key;
    context.addIssue({
      code: 'custom',
      message: 'expected 32 random bytes in base64 (openssl rand -base64 32)',
    });
    return z.NEVER;
  })
  .optional();

export const adminAuthConfigSchema = infrastructureConfigSchema.extend({
  /**
   * Where operators open the web app; the setup link logged at start points here. Unset, the link
   * uses the port the web app is really served on.
   */
  PUBLIC_URL: z.url({ error: 'expected a URL' }).optional(),
  /** A fixed setup token; without it one is generated at start and logged while setup is pending. */
  ADMIN_SETUP_TOKEN: z.string().min(16, 'expected at least 16 characters').optional(),
  /** An authenticator secret set by environment; it wins over the one stored by setup. */
  ADMIN_TOTP_SECRET: totpSecretSetting,
  /** Plain backup codes set by environment; hashed at start, they replace the stored ones. */
  ADMIN_BACKUP_CODES: backupCodesSetting,
  ADMIN_SESSION_IDLE_MINUTES: positiveInteger(30),
  ADMIN_SESSION_MAX_HOURS: positiveInteger(12),
  /** Failed sign-ins one client may make before it has to wait. */
  ADMIN_LOGIN_CLIENT_MAX_FAILURES: positiveInteger(5),
  /** How long a client's failures count; also the longest wait. */
  ADMIN_LOGIN_CLIENT_WINDOW_MINUTES: positiveInteger(15),
  /** The first wait after the free failures; each further failure doubles it. */
  ADMIN_LOGIN_DELAY_SECONDS: positiveInteger(30),
  /**
   * Encrypts the stored authenticator secret and keys the device cookies and backup-code digests.
   * Required in distributed mode; the embedded mode makes and keeps one in DATA_DIR/admin-data.key.
   */
  ADMIN_DATA_KEY: dataKeySetting,
  /** Failed sign-ins all browsers without a device cookie may make together before they wait. */
  ADMIN_LOGIN_UNKNOWN_DEVICE_MAX_FAILURES: positiveInteger(20),
  /** How long those failures count. */
  ADMIN_LOGIN_UNKNOWN_DEVICE_WINDOW_HOURS: positiveInteger(24),
  /** The first wait for unknown devices once their free failures are spent; each further failure doubles it. */
  ADMIN_LOGIN_UNKNOWN_DEVICE_DELAY_SECONDS: positiveInteger(60),
  /** The longest wait for unknown devices. */
  ADMIN_LOGIN_UNKNOWN_DEVICE_MAX_DELAY_MINUTES: positiveInteger(60),
  /** How long a browser stays known after its last sign-in. */
  ADMIN_DEVICE_COOKIE_DAYS: positiveInteger(180),
});
export type AdminAuthConfig = z.infer<typeof adminAuthConfigSchema>;
