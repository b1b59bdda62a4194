import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  APP_ROLES,
  ROOT,
  STACK_PROCESSES,
  entrypointRoles,
  readRepoFile,
  repoFileExists,
  variablesReadBy,
} from './support/deployment-facts';
import { compiledEntry, SERVER_ENTRIES, type ServerRole } from '../../scripts/build/server-build';
import { nodeRuntimeEnv } from '../../scripts/distributed/node-runtime';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string | number>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test?: string[]; disable?: boolean };
  ports?: string[];
  volumes?: string[];
  read_only?: boolean;
  restart?: string;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
}

const compose = parse(readRepoFile('docker-compose.yml'), { merge: true }) as ComposeFile;
const services = compose.services;
const INFRASTRUCTURE = ['postgres', 'rabbitmq', 'minio'];
const ONE_SHOTS = ['minio-init', 'migrate'];
const CONDITIONS = ['service_healthy', 'service_completed_successfully'];

describe('docker-compose.yml', () => {
  it('runs the infrastructure, the one-shot steps and every service of the distributed mode', () => {
    expect(Object.keys(services).sort()).toEqual([...INFRASTRUCTURE, ...ONE_SHOTS, ...APP_ROLES].sort());
    expect(services.postgres!.image).toBe('postgres:16');
    expect(services.rabbitmq!.image).toBe('rabbitmq:3-management');
    expect(services.rabbitmq!.ports).toContainEqual(expect.stringMatching(/:15672$/));
    expect(services['minio-init']!.image).toBe('minio/mc');
  });

  it.each([...INFRASTRUCTURE, ...APP_ROLES])('%s has a healthcheck', (name) => {
    const healthcheck = services[name]!.healthcheck;
    expect(healthcheck?.disable).not.toBe(true);
    expect(healthcheck?.test?.length).toBeGreaterThan(0);
  });

  it('waits on what each container needs, with a condition every time', () => {
    for (const [name, service] of Object.entries(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        expect(Object.keys(services), `${name} depends on ${dependency}`).toContain(dependency);
        expect(CONDITIONS, `${name} → ${dependency}`).toContain(condition);
        const expected = ONE_SHOTS.includes(dependency)
          ? 'service_completed_successfully'
          : 'service_healthy';
        expect(condition, `${name} → ${dependency}`).toBe(expected);
      }
    }
    for (const role of APP_ROLES.filter((role) => role !== 'gateway')) {
      expect(services[role]!.depends_on).toHaveProperty('migrate');
      expect(services[role]!.depends_on).toHaveProperty('postgres');
    }
    for (const role of ['reading', 'ai-worker'])
      expect(services[role]!.depends_on).toHaveProperty('minio-init');
    expect(Object.keys(services.gateway!.depends_on!).sort()).toEqual(
      APP_ROLES.filter((role) => role !== 'gateway').sort(),
    );
  });

  it('runs every app role, and the migration, from the one image built by deploy/Dockerfile', () => {
    const roles = entrypointRoles();
    for (const name of [...APP_ROLES, 'migrate']) {
      const service = services[name]!;
      expect(service.image).toBe(services.gateway!.image);
      expect(service.build).toEqual({ context: '.', dockerfile: 'deploy/Dockerfile' });
      expect(service.command).toEqual([name]);
      expect(roles[name], `entrypoint role ${name}`).toBeDefined();
      expect(service.read_only).toBe(true);
    }
  });

  it.each(APP_ROLES)('passes %s every setting its configuration schema reads', (role) => {
    const environment = services[role]!.environment ?? {};
    const missing = variablesReadBy(role).filter((variable) => !(variable in environment));
    expect(missing).toEqual([]);
    expect(Number(environment.PORT)).toBe(STACK_PROCESSES[role].port);
  });

  it('points every service at the containers of the stack', () => {
    for (const role of APP_ROLES.filter((role) => role !== 'gateway')) {
      const environment = services[role]!.environment!;
      expect(String(environment.DATABASE_URL)).toMatch(/@postgres:5432\//);
      expect(environment.S3_ENDPOINT).toBe('http://minio:9000');
      if (role !== 'admin-auth') expect(String(environment.AMQP_URL)).toMatch(/@rabbitmq:5672$/);
    }
    const gateway = services.gateway!.environment!;
    for (const role of APP_ROLES.filter((role) => role !== 'gateway')) {
      const variable = STACK_PROCESSES[role].urlVariable;
      expect(gateway[variable]).toBe(`http://${role}:${STACK_PROCESSES[role].port}`);
    }
    expect(services.gateway!.ports).toEqual(['${GATEWAY_PORT:-8080}:8080']);
  });

  it('keeps the data in named volumes', () => {
    for (const name of INFRASTRUCTURE) {
      const [volume] = services[name]!.volumes![0]!.split(':');
      expect(Object.keys(compose.volumes)).toContain(volume);
    }
  });

  it('documents in .env.example every variable it reads from .env', () => {
    const documented = new Set(
      readRepoFile('.env.example')
        .split('\n')
        .map((line) => /^([A-Z0-9_]+)=/.exec(line)?.[1])
        .filter(Boolean),
    );
    const used = [...readRepoFile('docker-compose.yml').matchAll(/\$\{([A-Z0-9_]+)/g)].map(
      (match) => match[1]!,
    );
    expect([...new Set(used)].filter((variable) => !documented.has(variable))).toEqual([]);
  });
});

describe('deploy/Dockerfile and its entrypoint', () => {
  const dockerfile = readRepoFile('deploy/Dockerfile');
  const run = promisify(execFile);

  it('starts each app role compiled from the entry file the distributed mode runs', () => {
    const roles = entrypointRoles();
    for (const role of APP_ROLES) {
      expect(roles[role]).toEqual({ entry: compiledEntry(role), defaultPort: STACK_PROCESSES[role].port });
      expect(SERVER_ENTRIES[role]).toBe(STACK_PROCESSES[role].entry);
    }
    for (const role of Object.keys(roles) as ServerRole[]) {
      expect(roles[role]?.entry).toBe(compiledEntry(role));
      expect(repoFileExists(SERVER_ENTRIES[role]), SERVER_ENTRIES[role]).toBe(true);
    }
    expect(SERVER_ENTRIES.migrate).toBe('scripts/migrate.ts');
  });

  it('refuses an unknown role with a usage message', async () => {
    const outcome = await run('sh', ['deploy/docker-entrypoint.sh', 'nonsense'], { cwd: ROOT }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(outcome?.code).toBe(64);
    expect(outcome?.stderr).toMatch(/roles: gateway reading flow admin-auth prompt ai-worker migrate/);
  });

  it('installs from the lockfile with every workspace manifest, so npm ci sees the whole tree', () => {
    const workspaces = (JSON.parse(readRepoFile('package.json')) as { workspaces: string[] }).workspaces;
    const folders = workspaces.flatMap((pattern) =>
      pattern.endsWith('/*')
        ? readdirSync(path.join(ROOT, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -1)}${name}`)
        : [pattern],
    );
    const manifests = folders.map((folder) => `${folder}/package.json`).filter(repoFileExists);
    expect(manifests.length).toBeGreaterThanOrEqual(APP_ROLES.length);
    for (const manifest of manifests) {
      expect(dockerfile).toContain(`COPY ${manifest} ${path.dirname(manifest)}/`);
    }
    expect(dockerfile).toMatch(/install-dependencies --omit=dev/);
    expect(readRepoFile('deploy/install-dependencies.sh')).toMatch(/npm ci --no-audit --no-fund "\$@"/);
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
  });

  it('runs as a non-root user, checks its health and enters through the role script', () => {
    expect(dockerfile).toMatch(/^FROM \$\{NODE_IMAGE\} AS runtime$/m);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:20-bookworm-slim$/m);
    expect(dockerfile).toMatch(/^USER 1000:1000$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n\s+CMD .*\/healthz/m);
    expect(dockerfile).toMatch(/^ENTRYPOINT \["\/app\/deploy\/docker-entrypoint.sh"\]$/m);
  });

  it('runs compiled JavaScript with plain node: no TypeScript runner, no sources in the runtime', () => {
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
    expect(runtime).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    expect(runtime).not.toMatch(/tsx|COPY services \.|COPY gateway/);
    expect(readRepoFile('deploy/docker-entrypoint.sh')).toMatch(/^exec node "\$app_dir\/\$entry" "\$@"$/m);
  });

  it('starts every role with the allocator and V8 settings start:distributed gives it', async () => {
    // A stand-in `node` first on the PATH reports what the entrypoint would start node with.
    const bin = await mkdtemp(path.join(tmpdir(), 'entrypoint-node-'));
    try {
      await writeFile(
        path.join(bin, 'node'),
        '#!/bin/sh\nprintf \'{"MALLOC_ARENA_MAX":"%s","MALLOC_MMAP_THRESHOLD_":"%s","NODE_OPTIONS":"%s"}\' ' +
          '"$MALLOC_ARENA_MAX" "$MALLOC_MMAP_THRESHOLD_" "$NODE_OPTIONS"\n',
      );
      await chmod(path.join(bin, 'node'), 0o755);
      // This process's own settings stay out: each case gives the entrypoint only `given`.
      const {
        MALLOC_ARENA_MAX: _arenas,
        MALLOC_MMAP_THRESHOLD_: _threshold,
        NODE_OPTIONS: _options,
        ...inherited
      } = process.env;
      const settingsFor = async (role: string, given: NodeJS.ProcessEnv = {}) => {
        const env = { ...inherited, PATH: `${bin}:${process.env.PATH}`, ...given };
        const { stdout } = await run('sh', ['deploy/docker-entrypoint.sh', role], { cwd: ROOT, env });
        return JSON.parse(stdout) as unknown;
      };
      for (const role of [...APP_ROLES, 'migrate', 'dlq', 'embedded']) {
        expect(await settingsFor(role), role).toEqual(nodeRuntimeEnv(role, {}));
      }
      for (const NODE_OPTIONS of [
        '--enable-source-maps --max-old-space-size=256',
        '--max-old-space-size 256',
      ]) {
        const given = { NODE_OPTIONS, MALLOC_MMAP_THRESHOLD_: '131072' };
        expect(await settingsFor('reading', given), NODE_OPTIONS).toEqual(nodeRuntimeEnv('reading', given));
      }
    } finally {
      await rm(bin, { recursive: true, force: true });
    }
  });

  it('keeps secrets, local data and installed modules out of the build context', () => {
    const ignored = readRepoFile('.dockerignore').split('\n');
    for (const pattern of ['.env', '.git', '**/node_modules', '.data']) expect(ignored).toContain(pattern);
  });
});
