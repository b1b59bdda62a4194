import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adminAuthConfigSchema } from '@palm/admin-auth';
import { aiWorkerConfigSchema } from '@palm/ai-worker';
import { flowConfigSchema } from '@palm/flow';
import { ConfigError, loadConfig } from '@palm/platform';
import { promptConfigSchema } from '@palm/prompt';
import { readingConfigSchema } from '@palm/reading';
import { gatewayConfigSchema, gatewayTargetsSchema } from '../gateway/src/config';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemas = {
  gateway: gatewayConfigSchema,
  'gateway targets': gatewayTargetsSchema,
  reading: readingConfigSchema,
  flow: flowConfigSchema,
  prompt: promptConfigSchema,
  'admin-auth': adminAuthConfigSchema,
  'ai-worker': aiWorkerConfigSchema,
};

describe('configuration', () => {
  const documented = new Set(
    readFileSync(path.join(ROOT, '.env.example'), 'utf8')
      .split('\n')
      .map((line) => /^([A-Z0-9_]+)=/.exec(line)?.[1])
      .filter(Boolean),
  );

  it.each(Object.entries(schemas))(
    'every variable the %s reads is documented in .env.example',
    (_name, schema) => {
      const missing = Object.keys(schema.shape).filter((variable) => !documented.has(variable));
      expect(missing).toEqual([]);
    },
  );

  it.each(Object.entries(schemas))('the %s starts with no configuration at all', (_name, schema) => {
    expect(() => loadConfig(schema, {})).not.toThrow();
  });

  it('a wrong value stops start-up with a message naming the variable', () => {
    expect(() => loadConfig(readingConfigSchema, { PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig(readingConfigSchema, { PORT: 'eighty' })).toThrow(/PORT: .*\(got "eighty"\)/);
    expect(() => loadConfig(readingConfigSchema, { DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig(adminAuthConfigSchema, { ADMIN_TOTP_SECRET: 'short!' })).toThrow(
      /ADMIN_TOTP_SECRET/,
    );
  });
});
