import { z } from 'zod';
import { retryPolicySettings } from '../bus/retry-policy';

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads a service's settings from the environment. A wrong value stops start-up with a message
 * naming the variable, e.g. `PORT: expected a number from 0 to 65535 (got "eighty")`.
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
  const lines = parsed.error.issues.map((issue) => {
    const name = issue.path.join('.');
    const got = source[name];
    return `${name}: ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`;
  });
  throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
}

export const portSetting = (fallback: number) =>
  z.coerce
    .number({ error: 'expected a number from 0 to 65535' })
    .int('expected a number from 0 to 65535')
    .min(0, 'expected a number from 0 to 65535')
    .max(65535, 'expected a number from 0 to 65535')
    .default(fallback);

export const booleanSetting = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'expected true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((value) => ['true', '1', 'yes'].includes(value));

export const urlSetting = () => z.url({ error: 'expected a URL' }).optional();

/** Settings of the shared infrastructure; every service's schema extends this one. */
export const infrastructureConfigSchema = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: urlSetting(),
  AMQP_URL: urlSetting(),
  S3_ENDPOINT: urlSetting(),
  S3_ACCESS_KEY: z.string().default('minioadmin'),
  S3_SECRET_KEY: z.string().default('minioadmin'),
  S3_BUCKET: z.string().default('palm-images'),
  S3_REGION: z.string().default('us-east-1'),
  ...retryPolicySettings,
});
export type InfrastructureConfig = z.infer<typeof infrastructureConfigSchema>;
