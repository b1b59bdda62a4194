import { closeDatabase } from '@palm/platform';
import { describe, expect, it } from 'vitest';
import { createTestPglite } from './support/test-pglite';

describe('createTestPglite', () => {
  it('hands out an empty database with no session state, even where an earlier test left some', async () => {
    const first = await createTestPglite();
    await first.schema.createTable('left_behind', (table) => table.increments('id'));
    await first('left_behind').insert({});
    await first.raw("set statement_timeout = '1234ms'");
    await first.raw('prepare left_behind_plan as select 1');
    await first.raw('begin');
    await closeDatabase(first);

    const next = await createTestPglite();
    try {
      expect(await next.schema.hasTable('left_behind')).toBe(false);
      const tables = await next.raw<{ rows: unknown[] }>(
        "select tablename from pg_tables where schemaname = 'public'",
      );
      expect(tables.rows).toEqual([]);
      const timeout = await next.raw<{ rows: { statement_timeout: string }[] }>('show statement_timeout');
      expect(timeout.rows[0]!.statement_timeout).toBe('0');
      const plans = await next.raw<{ rows: unknown[] }>('select name from pg_prepared_statements');
      expect(plans.rows).toEqual([]);
      // A usable public schema: what a service's migrations create there works as on a fresh cluster.
      await next.schema.createTable('fresh', (table) => table.increments('id'));
      expect(await next('fresh').insert({}).returning('id')).toEqual([{ id: 1 }]);
    } finally {
      await closeDatabase(next);
    }
  });

  it('gives two databases open at once their own tables', async () => {
    const [a, b] = await Promise.all([createTestPglite(), createTestPglite()]);
    try {
      await a.schema.createTable('only_in_a', (table) => table.increments('id'));
      expect(await b.schema.hasTable('only_in_a')).toBe(false);
    } finally {
      await Promise.all([closeDatabase(a), closeDatabase(b)]);
    }
  });
});
