import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SERVICE_NAMES, SERVICE_ROUTES, SERVICES, peersOf, urlVariable } from '@palm/catalogue';
import { SERVICE_MODULES } from '@palm/catalogue/modules';
import { QUEUES, type QueueKey } from '@palm/contracts';
import {
  checkQueueConsumers,
  closeDatabase,
  createDiskBlobStore,
  createLogger,
  createMemoryBus,
  loadConfig,
  localPeers,
  type Database,
  type MemoryBus,
  type QueueConsumer,
  type ServiceModule,
} from '@palm/platform';
import { migrateAllServices } from '../scripts/ops/service-migrations';
import { createTestPglite } from './support/test-pglite';

/**
 * Every service is one module in the catalogue, and every way of running the product derives
 * from it: its own process (the build's and the stack's entries), the embedded product and the
 * migrate role. A service added on disk but not to the catalogue fails here rather than at a
 * deployment; the gateway's routes, the ports and the image's roles cannot disagree with it, as
 * they are computed from it.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The service packages: those under services/ that run as a process of their own. */
const SERVICE_DIRS = readdirSync(path.join(ROOT, 'services'))
  .filter((dir) => existsSync(path.join(ROOT, 'services', dir, 'src/main.ts')))
  .sort();

const isServiceModule = (value: unknown): value is ServiceModule =>
  typeof value === 'object' &&
  value !== null &&
  'create' in value &&
  'migrations' in value &&
  'configSchema' in value;

describe('the catalogue', () => {
  it('names each service after its module, in the same order', () => {
    expect(SERVICE_MODULES.map((module) => module.name)).toEqual(SERVICE_NAMES);
  });

  it('gives each service a port of its own, prefixes under /api no other service has, and catalogued peers', () => {
    const ports = SERVICE_NAMES.map((name) => SERVICES[name].port);
    expect(new Set(ports).size).toBe(ports.length);
    const prefixes = SERVICE_ROUTES.map((route) => route.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (const prefix of prefixes) expect(prefix).toMatch(/^\/api\/[a-z/-]+[a-z]$/);
    for (const name of SERVICE_NAMES) {
      for (const peer of peersOf(name)) {
        expect(SERVICE_NAMES, `${name} asks ${peer}`).toContain(peer);
        expect(peer, name).not.toBe(name);
      }
    }
  });

  it('sends a path to the service with the longest prefix that matches it', () => {
    const owner = (pathname: string) =>
      SERVICE_ROUTES.find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.service;
    expect(owner('/api/admin/prompts/test-run')).toBe('ai-worker');
    expect(owner('/api/admin/prompts/reading')).toBe('prompt');
    expect(owner('/api/admin/payments/x/refund')).toBe('reading');
    expect(owner('/api/admin/login')).toBe('admin-auth');
    expect(owner('/api/payments/webhook')).toBe('reading');
  });

  it('gives each service’s process the address of every peer its settings read', () => {
    for (const module of SERVICE_MODULES) {
      const readsUrls = Object.keys(module.configSchema.shape).filter((key) => /^[A-Z_]+_URL$/.test(key));
      const peerUrls = readsUrls.filter((key) => SERVICE_NAMES.some((name) => urlVariable(name) === key));
      expect(peerUrls.sort(), module.name).toEqual(
        peersOf(module.name as keyof typeof SERVICES)
          .map(urlVariable)
          .sort(),
      );
    }
  });
});

describe('service modules', () => {
  it('are one per service package, each its package’s only module, each catalogued', async () => {
    expect(SERVICE_DIRS.length).toBeGreaterThan(0);
    expect([...SERVICE_NAMES].sort()).toEqual(SERVICE_DIRS);
    for (const dir of SERVICE_DIRS) {
      const exported = Object.values((await import(`@palm/${dir}`)) as Record<string, unknown>);
      const modules = exported.filter(isServiceModule);
      expect(modules, dir).toHaveLength(1);
      expect(SERVICE_MODULES, dir).toContain(modules[0]);
    }
  });

  it('each have a unique name, a config schema and migrations under a table of their own', () => {
    const names = SERVICE_MODULES.map((module) => module.name);
    const tables = SERVICE_MODULES.map((module) => module.migrations.table);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(tables).size).toBe(tables.length);
    for (const module of SERVICE_MODULES) {
      expect(module.configSchema, module.name).toBeInstanceOf(z.ZodObject);
      // The port is the catalogue's, given by whoever starts the service.
      expect(Object.keys(module.configSchema.shape), module.name).not.toContain('PORT');
      const migrationNames = module.migrations.migrations.map((migration) => migration.name);
      expect(migrationNames.length, module.name).toBeGreaterThan(0);
      expect(new Set(migrationNames).size, module.name).toBe(migrationNames.length);
    }
  });

  it('each run as their own process: the catalogue’s entry is a one-line main.ts that starts the module', () => {
    for (const name of SERVICE_NAMES) {
      const { entry } = SERVICES[name];
      expect(entry).toBe(`services/${name}/src/main.ts`);
      expect(readFileSync(path.join(ROOT, entry), 'utf8'), entry).toMatch(
        /^runServiceProcess\(\w+Module\);$/m,
      );
    }
  });

  describe('the migrate role', () => {
    let db: Database;
    beforeAll(async () => {
      db = await createTestPglite();
      await migrateAllServices(db, createLogger('migrate-test', 'silent'));
    });
    afterAll(() => closeDatabase(db));

    it('applies every module’s migrations, and migrates no table no module owns', async () => {
      for (const { name, migrations } of SERVICE_MODULES) {
        const applied = await db(migrations.table).orderBy('name').pluck('name');
        expect(applied, name).toEqual(migrations.migrations.map((migration) => migration.name).sort());
      }
      const migrationTables = await db('information_schema.tables')
        .where('table_schema', 'public')
        .andWhere('table_name', 'like', '%migrations')
        .orderBy('table_name')
        .pluck('table_name');
      expect(migrationTables).toEqual(SERVICE_MODULES.map((module) => module.migrations.table).sort());
    });
  });

  describe('their queue consumers, built as the embedded product builds them', () => {
    /** Every optional consumer switched on: email is offered only with an SMTP server. */
    const ENV = { SMTP_URL: 'smtp://127.0.0.1:2525' };
    let db: Database;
    let bus: MemoryBus;
    let blobsDir: string;
    let consumersOf: Map<string, QueueConsumer[]>;
    beforeAll(async () => {
      const logger = createLogger('consumers-test', 'silent');
      db = await createTestPglite();
      bus = createMemoryBus({ logger });
      blobsDir = await mkdtemp(path.join(tmpdir(), 'service-modules-test-'));
      const blobs = createDiskBlobStore(blobsDir);
      const { peers } = localPeers();
      consumersOf = new Map();
      for (const module of SERVICE_MODULES) {
        const service = await module.create({
          config: loadConfig(module.configSchema, ENV),
          deps: {},
          logger,
          db,
          bus: () => Promise.resolve(bus),
          blobs: () => Promise.resolve(blobs),
          peers,
        });
        consumersOf.set(module.name, service.consumers);
      }
    });
    afterAll(async () => {
      await bus?.close();
      if (db) await closeDatabase(db);
      if (blobsDir) await rm(blobsDir, { recursive: true, force: true });
    });

    it('consume every queue of the contracts, each in exactly one module', () => {
      for (const queue of Object.keys(QUEUES) as QueueKey[]) {
        const consumedBy = [...consumersOf].filter(([, consumers]) =>
          consumers.some((consumer) => consumer.queue === queue),
        );
        expect(
          consumedBy.map(([name]) => name),
          queue,
        ).toHaveLength(1);
      }
    });

    it('handle every event each queue is bound to, and pass the startup check all together', () => {
      const all = [...consumersOf.values()].flat();
      for (const { queue, handlers } of all) {
        for (const event of QUEUES[queue].events) {
          expect(typeof (handlers as Record<string, unknown>)[event], `${queue}: ${event}`).toBe('function');
        }
      }
      expect(() => checkQueueConsumers(all)).not.toThrow();
    });
  });
});
