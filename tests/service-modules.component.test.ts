import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { QUEUES, type QueueKey } from '@palm/contracts';
import { createLocalServices, SERVICE_MODULES } from '@palm/gateway';
import {
  checkQueueConsumers,
  closeDatabase,
  createDatabase,
  createDiskBlobStore,
  createLogger,
  createMemoryBus,
  IN_MEMORY,
  loadConfig,
  type Database,
  type MemoryBus,
  type QueueConsumer,
  type ServiceModule,
} from '@palm/platform';
import { SERVER_ENTRIES } from '../scripts/build/server-build';
import { STACK_PROCESSES } from '../scripts/distributed/process-stack';
import { migrateAllServices } from '../scripts/ops/service-migrations';

/**
 * Every service is one module, and every way of running the product runs all of them: its own
 * process, the embedded product (SERVICE_MODULES) and the migrate role. A service added on disk
 * but not to the list, or listed twice, fails here rather than at a deployment.
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

describe('service modules', () => {
  it('are one per service package, each its package’s only module, each listed once', async () => {
    expect(SERVICE_DIRS.length).toBeGreaterThan(0);
    expect(SERVICE_MODULES.map((module) => module.name).sort()).toEqual(SERVICE_DIRS);
    for (const dir of SERVICE_DIRS) {
      const exported = Object.values((await import(`@palm/${dir}`)) as Record<string, unknown>);
      const modules = exported.filter(isServiceModule);
      expect(modules, dir).toHaveLength(1);
      expect(SERVICE_MODULES, dir).toContain(modules[0]);
    }
  });

  it('each have a unique name, a config schema with PORT and migrations under a table of their own', () => {
    const names = SERVICE_MODULES.map((module) => module.name);
    const tables = SERVICE_MODULES.map((module) => module.migrations.table);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(tables).size).toBe(tables.length);
    for (const module of SERVICE_MODULES) {
      expect(module.configSchema, module.name).toBeInstanceOf(z.ZodObject);
      expect(Object.keys(module.configSchema.shape), module.name).toContain('PORT');
      const migrationNames = module.migrations.migrations.map((migration) => migration.name);
      expect(migrationNames.length, module.name).toBeGreaterThan(0);
      expect(new Set(migrationNames).size, module.name).toBe(migrationNames.length);
    }
  });

  it('each run as their own process: a one-line main.ts the build and the distributed stack start', () => {
    for (const module of SERVICE_MODULES) {
      const entry = `services/${module.name}/src/main.ts`;
      expect(readFileSync(path.join(ROOT, entry), 'utf8'), entry).toMatch(
        /^runServiceProcess\(\w+Module\);$/m,
      );
      expect(STACK_PROCESSES[module.name as keyof typeof STACK_PROCESSES]?.entry, module.name).toBe(entry);
      expect(SERVER_ENTRIES[module.name as keyof typeof SERVER_ENTRIES], module.name).toBe(entry);
    }
  });

  describe('the migrate role', () => {
    let db: Database;
    beforeAll(async () => {
      db = await createDatabase({ dataDir: IN_MEMORY });
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
      db = await createDatabase({ dataDir: IN_MEMORY });
      bus = createMemoryBus({ logger });
      blobsDir = await mkdtemp(path.join(tmpdir(), 'service-modules-test-'));
      const modules = SERVICE_MODULES.map((module) => ({
        module,
        config: loadConfig(module.configSchema, ENV),
      }));
      const { services } = await createLocalServices(modules, {
        logger,
        db,
        bus,
        blobs: createDiskBlobStore(blobsDir),
      });
      consumersOf = new Map(
        services.map((service, index) => [SERVICE_MODULES[index]!.name, service.consumers]),
      );
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
