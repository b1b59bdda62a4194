import { isIP } from 'node:net';
import { z } from 'zod';
import { retryPolicySettings } from '../bus/retry-policy';
import { clientLimitSettings } from '../http/client-limits';
import { LOG_LEVELS } from '../logging/logger';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads a service's settings from the environment. A wrong value stops start-up with a message
 * naming the variable and what is wrong, e.g. `PORT: expected a number from 0 to 65535`; never the
 * value, which may be a secret (a mistyped ADMIN_TOTP_SECRET, a DATABASE_URL with its password).
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const source: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    source[key] = value === '' ? undefined : value;
  }
  const parsed = schema.safeParse(source);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
}

/** A port; without a fallback it must be given (a service's, which whoever starts it knows). */
export function portSetting(fallback: number): z.ZodDefault<z.ZodCoercedNumber<unknown>>;
export function portSetting(): z.ZodCoercedNumber<unknown>;
export function portSetting(fallback?: number) {
  const port = z.coerce
    .number({ error: 'expected a number from 0 to 65535' })
    .int('expected a number from 0 to 65535')
    .min(0, 'expected a number from 0 to 65535')
    .max(65535, 'expected a number from 0 to 65535');
  return fallback === undefined ? port : port.default(fallback);
}

export const booleanSetting = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((value) => ['true', '1', 'yes'].includes(value));

/** Where a process listens: an IP address, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every interface). */
export const listenHostSetting = () =>
  z.string().refine((value) => isIP(value) !== 0, 'expected an IP address, e.g. 127.0.0.1 or 0.0.0.0');

export const urlSetting = () => z.url({ error: 'expected a URL' }).optional();

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
};

/**
 * Which proxies in front of this process may name the client in `X-Forwarded-For`: unset or
 * `false` trusts none (the address the connection comes from is the client), a number trusts
 * that many hops, a comma-separated list trusts those addresses or CIDR ranges (`loopback`,
 * `linklocal` and `uniquelocal` are shorthands). Parsed into what Express's "trust proxy" takes.
 */
export const trustProxySetting = z
  .string()
  .optional()
  .transform((value, context): false | number | string[] => {
    const text = (value ?? '').trim();
    if (text === '' || text === 'false' || text === '0') return false;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text.split(',').map((entry) => entry.trim());
    if (entries.every((entry) => entry !== '' && isProxyAddress(entry))) return entries;
    context.addIssue({
      code: 'custom',
      message: 'expected false, a hop count or a comma-separated list of addresses/CIDR ranges',
    });
    return z.NEVER;
  });

/** The shared secret services send one another (`X-Internal-Token`); at least 16 characters. */
export const internalTokenSetting = z.string().min(16, 'expected at least 16 characters').optional();

/** Settings of the shared infrastructure; every service's schema extends this one. */
export const infrastructureConfigSchema = z.object({
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: urlSetting(),
  AMQP_URL: urlSetting(),
  S3_ENDPOINT: urlSetting(),
  S3_ACCESS_KEY: z.string().default('minioadmin'),
  S3_SECRET_KEY: z.string().default('minioadmin'),
  S3_BUCKET: z.string().default('palm-images'),
  S3_REGION: z.string().default('us-east-1'),
  ...retryPolicySettings,
  TRUST_PROXY: trustProxySetting,
  /** Where PORT listens; compose and Kubernetes say 0.0.0.0, `start:distributed` 127.0.0.1. */
  LISTEN_HOST: listenHostSetting().default('0.0.0.0'),
  /**
   * The secret shared by every service and the gateway: sent as `X-Internal-Token` between services,
   * and the key of the gateway's signature over the X-Forwarded-* headers (forwarded-proof.ts).
   */
  INTERNAL_TOKEN: internalTokenSetting,
  ...clientLimitSettings,
});
export type InfrastructureConfig = z.infer<typeof infrastructureConfigSchema>;

/** A setting a service cannot run without in distributed mode, though the embedded mode needs none. */
export function requireSetting<T>(value: T | undefined, name: string, why: string): T {
  if (value !== undefined) return value;
  throw new ConfigError(`Invalid configuration:\n  ${name}: required in distributed mode — ${why}`);
}

export const INTERNAL_TOKEN_REASON =
  'set it to the same random secret (at least 16 characters, e.g. `openssl rand -hex 24`) in every service; ' +
  'it guards the calls between services, such as the worker reading the prompts';

/**
 * A service that trusts a proxy honours its X-Forwarded-* only when the gateway signed them with
 * INTERNAL_TOKEN: without the token it could tell no client from another behind the gateway.
 */
export function checkForwardedTrust(
  config: Pick<InfrastructureConfig, 'TRUST_PROXY' | 'INTERNAL_TOKEN'>,
): void {
  if (config.TRUST_PROXY === false) return;
  requireSetting(
    config.INTERNAL_TOKEN,
    'INTERNAL_TOKEN',
    'TRUST_PROXY is set, and a service honours X-Forwarded-For only when the gateway signed it with this token; ' +
      INTERNAL_TOKEN_REASON,
  );
}
