import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adminAuthConfigSchema } from '@palm/admin-auth';
import { aiWorkerConfigSchema } from '@palm/ai-worker';
import { flowConfigSchema } from '@palm/flow';
import {
  ConfigError,
  INTERNAL_TOKEN_REASON,
  infrastructureConfigSchema,
  loadConfig,
  requireSetting,
} from '@palm/platform';
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

  it('reads TRUST_PROXY as off, a hop count or a list of proxy addresses, and refuses anything else', () => {
    const trust = (value?: string) =>
      loadConfig(infrastructureConfigSchema, value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.0/8, loopback')).toEqual(['10.0.0.0/8', 'loopback']);
    expect(() => trust('everyone')).toThrow(/TRUST_PROXY: expected false, a hop count/);
    expect(() => trust('10.0.0.0/99')).toThrow(/TRUST_PROXY/);
  });

  it('stops a distributed service without INTERNAL_TOKEN with a message saying what to set', () => {
    expect(() => requireSetting(undefined, 'INTERNAL_TOKEN', INTERNAL_TOKEN_REASON)).toThrow(
      /INTERNAL_TOKEN: required in distributed mode — set it to the same random secret/,
    );
    for (const main of ['services/prompt/src/main.ts', 'services/ai-worker/src/main.ts']) {
      expect(readFileSync(path.join(ROOT, main), 'utf8')).toContain(
        "requireSetting(config.INTERNAL_TOKEN, 'INTERNAL_TOKEN', INTERNAL_TOKEN_REASON)",
      );
    }
  });
});
