import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { adminAuthModule } from '@palm/admin-auth';
import { SERVICE_MODULES } from '@palm/catalogue/modules';
import { gatewayConfigSchema, gatewayTargetsSchema } from '@palm/gateway';
import {
  checkForwardedTrust,
  ConfigError,
  INTERNAL_TOKEN_REASON,
  infrastructureConfigSchema,
  loadConfig,
  requireSetting,
  startService,
} from '@palm/platform';
import { readingModule } from '@palm/reading';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const schemas = {
  gateway: gatewayConfigSchema,
  'gateway targets': gatewayTargetsSchema,
  ...Object.fromEntries(SERVICE_MODULES.map((module) => [module.name, module.configSchema])),
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
    expect(() => loadConfig(gatewayConfigSchema, { PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig(gatewayConfigSchema, { PORT: 'eighty' })).toThrow(
      /PORT: expected a number from 0 to 65535$/m,
    );
    expect(() => loadConfig(readingModule.configSchema, { DATABASE_URL: 'not a url' })).toThrow(
      /DATABASE_URL/,
    );
    expect(() => loadConfig(adminAuthModule.configSchema, { ADMIN_TOTP_SECRET: 'short!' })).toThrow(
      /ADMIN_TOTP_SECRET/,
    );
    // The gateway reaches the services over plain HTTP inside the cluster.
    expect(() => loadConfig(gatewayTargetsSchema, { READING_URL: 'https://reading' })).toThrow(
      /READING_URL: expected an http:\/\/ URL/,
    );
    expect(loadConfig(gatewayTargetsSchema, { READING_URL: 'http://reading' }).READING_URL).toBe(
      'http://reading',
    );
  });

  it('a service started without a port, or a wrong one, stops before opening anything, naming PORT', async () => {
    // Its starters (the process stack, the image's role table, compose, Kubernetes) give it the catalogue's.
    await expect(startService(readingModule, { env: {} })).rejects.toThrow(/PORT: expected a number/);
    await expect(startService(readingModule, { env: { PORT: 'eighty' } })).rejects.toThrow(
      /PORT: expected a number from 0 to 65535$/m,
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

  it('names a wrong variable and what is wrong with it, never its value', () => {
    const secrets = {
      ADMIN_TOTP_SECRET: 'PLANTED1SECRET8NOT9BASE32!',
      DATABASE_URL: 'postgres://palm:planted-db-password@db:port/palm',
      INTERNAL_TOKEN: 'planted',
    };
    const message = (() => {
      try {
        loadConfig(adminAuthModule.configSchema, secrets);
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    for (const [name, value] of Object.entries(secrets)) {
      expect(message).toMatch(new RegExp(`^  ${name}: expected`, 'm'));
      expect(message).not.toContain(value);
    }
    expect(message).not.toContain('planted-db-password');
  });

  it('refuses TRUST_PROXY on a service without the INTERNAL_TOKEN the gateway signs with', () => {
    const config = (env: NodeJS.ProcessEnv) => loadConfig(readingModule.configSchema, env);
    expect(() => checkForwardedTrust(config({ TRUST_PROXY: '1' }))).toThrow(
      /INTERNAL_TOKEN: required in distributed mode — TRUST_PROXY is set/,
    );
    expect(() =>
      checkForwardedTrust(config({ TRUST_PROXY: '1', INTERNAL_TOKEN: 'a'.repeat(24) })),
    ).not.toThrow();
    expect(() => checkForwardedTrust(config({}))).not.toThrow();
    expect(() => config({ LISTEN_HOST: 'everywhere' })).toThrow(/LISTEN_HOST: expected an IP address/);
  });

  it('stops a distributed service without INTERNAL_TOKEN with a message saying what to set', () => {
    expect(() => requireSetting(undefined, 'INTERNAL_TOKEN', INTERNAL_TOKEN_REASON)).toThrow(
      /INTERNAL_TOKEN: required in distributed mode — set it to the same random secret/,
    );
    // The services whose peers send the token refuse to start alone without it; the others need none.
    const refusing = SERVICE_MODULES.filter((module) => {
      try {
        // admin-auth's own required key is tested with it (secrets-at-rest.component.test.ts).
        module.checkStandalone?.(
          loadConfig(module.configSchema, { ADMIN_DATA_KEY: Buffer.alloc(32).toString('base64') }),
        );
        return false;
      } catch (error) {
        expect((error as Error).message).toMatch(/^\s*INTERNAL_TOKEN: required in distributed mode/m);
        return true;
      }
    });
    expect(refusing.map((module) => module.name).sort()).toEqual(['ai-worker', 'prompt']);
    for (const module of refusing) {
      expect(() =>
        module.checkStandalone?.(loadConfig(module.configSchema, { INTERNAL_TOKEN: 'a'.repeat(24) })),
      ).not.toThrow();
    }
  });
});
