import type { Knex } from 'knex';

export type Database = Knex;

/** One forward-only migration. Each service keeps its own list and its own migrations table. */
export interface Migration {
  name: string;
  up(db: Knex): Promise<void>;
}
