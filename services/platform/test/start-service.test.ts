import { Router } from 'express';
import { z } from 'zod';
import { afterEach, describe, expect, it } from 'vitest';
import { infrastructureConfigSchema } from '../src/config/config';
import { closeDatabase, createDatabase, IN_MEMORY } from '../src/db/create-database';
import type { Database } from '../src/db/database';
import { createLogger } from '../src/logging/logger';
import type { ServiceModule } from '../src/service-module';
import { startService, type StartedService } from '../src/start-service';

const logger = createLogger('start-service-test', 'silent');
/** Whatever a case opens itself stays in memory, never in the checkout's .data. */
const ENV = { DATA_DIR: IN_MEMORY };
const configSchema = infrastructureConfigSchema.extend({ ADMIN_AUTH_URL: z.string().optional() });

/** A module that records what happened to it, in order, and answers GET /api/notes from its table. */
function notesModule(events: string[], extra: Partial<ServiceModule> = {}): ServiceModule {
  return {
    name: 'notes',
    configSchema,
    migrations: {
      table: 'notes_migrations',
      migrations: [
        {
          name: '001_notes',
          up: async (db) => {
            events.push('migrated');
            await db.schema.createTable('notes', (table) => table.text('text'));
          },
        },
      ],
    },
    create({ db, peers }) {
      events.push('created');
      const router = Router();
      router.get('/api/notes', async (_req, res) => {
        const signedIn = await peers.verifySession('a-session');
        res.json({ notes: await db('notes').pluck('text'), signedIn });
      });
      return {
        routers: [router],
        consumers: [],
        start: async () => {
          // The table is there: its migrations ran first.
          await db('notes').insert({ text: 'started' });
          events.push('started');
        },
        stop: () => Promise.resolve(void events.push('stopped')),
        listening: (url) => Promise.resolve(void events.push(`listening ${url}`)),
      };
    },
    ...extra,
  };
}

// Each case opens PGlite of its own, which takes seconds on a busy machine.
describe('startService', { timeout: 90_000 }, () => {
  let running: StartedService | undefined;
  let db: Database | undefined;
  afterEach(async () => {
    await running?.stop();
    running = undefined;
    if (db) await closeDatabase(db);
    db = undefined;
  });

  it('applies the module’s migrations before its start, serves it, then tells it where it listens', async () => {
    const events: string[] = [];
    db = await createDatabase({ dataDir: IN_MEMORY });
    running = await startService(notesModule(events), {
      env: ENV,
      logger,
      db,
      port: 0,
      host: '127.0.0.1',
      peers: { verifySession: () => Promise.resolve(true) },
    });
    expect(events).toEqual(['created', 'migrated', 'started', `listening http://localhost:${running.port}`]);
    const response = await fetch(`${running.url}/api/notes`);
    expect(await response.json()).toEqual({ notes: ['started'], signedIn: true });
    expect(await (await fetch(`${running.url}/readyz`)).json()).toMatchObject({ checks: { database: true } });
    expect(await db('notes_migrations').pluck('name')).toEqual(['001_notes']);
  });

  it('asks a peer no one in the process provides over HTTP, failing only when asked and naming the setting', async () => {
    db = await createDatabase({ dataDir: IN_MEMORY });
    running = await startService(notesModule([]), { env: ENV, logger, db, port: 0, host: '127.0.0.1' });
    await expect(running.peers.verifySession('a-session')).rejects.toThrow(/ADMIN_AUTH_URL is not set/);
    expect((await fetch(`${running.url}/api/notes`)).status).toBe(500);
  });

  it('answers a peer a module of the same process provides locally', async () => {
    const provider: ServiceModule = {
      ...notesModule([]),
      name: 'sessions',
      migrations: { table: 'sessions_migrations', migrations: [] },
      create: () => ({
        routers: [],
        consumers: [],
        start: () => Promise.resolve(),
        stop: () => Promise.resolve(),
        provides: { verifySession: (id) => Promise.resolve(id === 'a-session') },
      }),
    };
    running = await startService([provider, notesModule([])], {
      env: ENV,
      logger,
      port: 0,
      host: '127.0.0.1',
    });
    expect(await (await fetch(`${running.url}/api/notes`)).json()).toEqual({
      notes: ['started'],
      signedIn: true,
    });
  });

  it('checks the settings a process of its own needs only when told it is one', async () => {
    const refusing = notesModule([], {
      checkStandalone: () => {
        throw new Error('INTERNAL_TOKEN: required in distributed mode');
      },
    });
    await expect(
      startService(refusing, { env: { ...ENV, PORT: '0' }, logger, standalone: true }),
    ).rejects.toThrow(/INTERNAL_TOKEN: required/);
    db = await createDatabase({ dataDir: IN_MEMORY });
    running = await startService(refusing, { env: { ...ENV, PORT: '0' }, logger, db, host: '127.0.0.1' });
    expect(running.port).toBeGreaterThan(0);
  });

  it('stops what it started and leaves a database it was given open', async () => {
    const events: string[] = [];
    db = await createDatabase({ dataDir: IN_MEMORY });
    const started = await startService(notesModule(events), {
      env: ENV,
      logger,
      db,
      port: 0,
      host: '127.0.0.1',
    });
    await started.stop();
    expect(events.at(-1)).toBe('stopped');
    await expect(fetch(`${started.url}/healthz`)).rejects.toThrow();
    expect(await db('notes').pluck('text')).toEqual(['started']);
  });
});
