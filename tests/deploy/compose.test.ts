import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { nodeRuntimeEnv, ROLE_NAMES, ROLES } from '@palm/catalogue';
import { APP_ROLES, ROOT, readRepoFile, repoFileExists, variablesReadBy } from './support/deployment-facts';
import { compiledEntry, roleTableScript } from '../../scripts/build/server-build';

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
    for (const name of [...APP_ROLES, 'migrate']) {
      const service = services[name]!;
      expect(service.image).toBe(services.gateway!.image);
      expect(service.build).toEqual({ context: '.', dockerfile: 'deploy/Dockerfile' });
      expect(service.command).toEqual([name]);
      expect(ROLE_NAMES, `image role ${name}`).toContain(name);
      expect(service.read_only).toBe(true);
    }
  });

  it.each(APP_ROLES)('passes %s every setting its configuration schema reads', (role) => {
    const environment = services[role]!.environment ?? {};
    const missing = variablesReadBy(role).filter((variable) => !(variable in environment));
    expect(missing).toEqual([]);
  });

  it('points every service at the containers of the stack', () => {
    for (const role of APP_ROLES.filter((role) => role !== 'gateway')) {
      const environment = services[role]!.environment!;
      expect(String(environment.DATABASE_URL)).toMatch(/@postgres:5432\//);
      expect(environment.S3_ENDPOINT).toBe('http://minio:9000');
      if (role !== 'admin-auth') expect(String(environment.AMQP_URL)).toMatch(/@rabbitmq:5672$/);
    }
    // Their ports, and the addresses the gateway is given, are checked against the catalogue by catalogue-ports.test.ts.
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

  /**
   * The entrypoint as the image holds it, beside the role table the build writes, with a stand-in
   * `node` first on the PATH that reports what it would be started with.
   */
  async function withEntrypoint(
    test: (start: (role: string, given?: NodeJS.ProcessEnv) => Promise<unknown>) => Promise<void>,
  ) {
    const app = await mkdtemp(path.join(tmpdir(), 'entrypoint-app-'));
    try {
      await mkdir(path.join(app, 'deploy'));
      await mkdir(path.join(app, 'dist'));
      await mkdir(path.join(app, 'bin'));
      await copyFile(
        path.join(ROOT, 'deploy/docker-entrypoint.sh'),
        path.join(app, 'deploy/docker-entrypoint.sh'),
      );
      await writeFile(path.join(app, 'dist/roles.sh'), roleTableScript());
      await writeFile(
        path.join(app, 'bin/node'),
        '#!/bin/sh\nprintf \'{"MALLOC_ARENA_MAX":"%s","MALLOC_MMAP_THRESHOLD_":"%s","NODE_OPTIONS":"%s","PORT":"%s","entry":"%s"}\' ' +
          '"$MALLOC_ARENA_MAX" "$MALLOC_MMAP_THRESHOLD_" "$NODE_OPTIONS" "${PORT:-}" "$1"\n',
      );
      await chmod(path.join(app, 'bin/node'), 0o755);
      // This process's own settings stay out: each case gives the entrypoint only `given`.
      const {
        MALLOC_ARENA_MAX: _arenas,
        MALLOC_MMAP_THRESHOLD_: _threshold,
        NODE_OPTIONS: _options,
        PORT: _port,
        ...inherited
      } = process.env;
      await test(async (role, given = {}) => {
        const env = { ...inherited, PATH: `${path.join(app, 'bin')}:${process.env.PATH}`, ...given };
        const { stdout } = await run('sh', [path.join(app, 'deploy/docker-entrypoint.sh'), role], { env });
        const started = JSON.parse(stdout) as Record<string, string>;
        return { ...started, entry: path.relative(app, started.entry!) };
      });
    } finally {
      await rm(app, { recursive: true, force: true });
    }
  }

  it('starts every role compiled, at its catalogue port, with the allocator and V8 settings the process stack gives it', async () => {
    await withEntrypoint(async (start) => {
      for (const role of ROLE_NAMES) {
        const { port } = ROLES[role];
        expect(await start(role), role).toEqual({
          ...nodeRuntimeEnv(role, {}),
          PORT: port === undefined ? '' : String(port),
          entry: compiledEntry(role),
        });
        expect(repoFileExists(ROLES[role].entry), ROLES[role].entry).toBe(true);
      }
      for (const NODE_OPTIONS of [
        '--enable-source-maps --max-old-space-size=256',
        '--max-old-space-size 256',
      ]) {
        const given = { NODE_OPTIONS, MALLOC_MMAP_THRESHOLD_: '131072', PORT: '9999' };
        expect(await start('reading', given), NODE_OPTIONS).toEqual({
          ...nodeRuntimeEnv('reading', given),
          PORT: '9999',
          entry: compiledEntry('reading'),
        });
      }
    });
  });

  it('refuses an unknown role with a usage message naming the roles', async () => {
    await withEntrypoint(async (start) => {
      const outcome = await start('nonsense').then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(outcome?.code).toBe(64);
      expect(outcome?.stderr).toContain(`roles: ${ROLE_NAMES.join(' ')}`);
    });
  });

  it('refuses to start without the role table, saying how to make it', async () => {
    const app = await mkdtemp(path.join(tmpdir(), 'entrypoint-unbuilt-'));
    try {
      await mkdir(path.join(app, 'deploy'));
      await copyFile(
        path.join(ROOT, 'deploy/docker-entrypoint.sh'),
        path.join(app, 'deploy/docker-entrypoint.sh'),
      );
      const outcome = await run('sh', [path.join(app, 'deploy/docker-entrypoint.sh'), 'gateway']).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(outcome?.code).toBe(70);
      expect(outcome?.stderr).toMatch(/dist\/roles\.sh is missing; run npm run build/);
    } finally {
      await rm(app, { recursive: true, force: true });
    }
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
    // The role table the entrypoint reads is compiled output too.
    expect(runtime).not.toMatch(/COPY .*roles\.sh/);
  });

  it('keeps secrets, local data and installed modules out of the build context', () => {
    const ignored = readRepoFile('.dockerignore').split('\n');
    for (const pattern of ['.env', '.git', '**/node_modules', '.data']) expect(ignored).toContain(pattern);
  });
});
