import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import knex from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_MODULES } from '@palm/catalogue/modules';
import { buildServer } from '../../scripts/build/server-build';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { ROOT } from './support/deployment-facts';

const run = promisify(execFile);
const migrateRole = (env: NodeJS.ProcessEnv) =>
  run('sh', ['deploy/docker-entrypoint.sh', 'migrate'], { cwd: ROOT, env: { ...process.env, ...env } });

describe('the image’s migrate role', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    // The role runs the compiled dist/migrate.js, as in the image.
    await buildServer(ROOT);
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('applies every service’s migrations to DATABASE_URL and exits, and a second run changes nothing', async () => {
    await migrateRole({ DATABASE_URL: database.url, LOG_LEVEL: 'warn' });
    await migrateRole({ DATABASE_URL: database.url, LOG_LEVEL: 'warn' });

    const db = knex({ client: 'pg', connection: database.url });
    try {
      for (const { table, migrations } of SERVICE_MODULES.map((module) => module.migrations)) {
        const applied = await db(table).orderBy('name').pluck<string[]>('name');
        expect(applied, table).toEqual(migrations.map((migration) => migration.name).sort());
      }
      expect(await db.schema.hasColumn('readings', 'image_removed_at')).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('refuses to run without DATABASE_URL, saying so', async () => {
    const failure = await migrateRole({ DATABASE_URL: '' }).then(
      () => undefined,
      (error: { code: number; stdout: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stdout).toMatch(/DATABASE_URL is not set/);
  });
});
