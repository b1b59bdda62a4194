import { randomBytes } from 'node:crypto';
import knex from 'knex';
import { integrationEnv } from './integration-env';

export interface TestDatabase {
  url: string;
  /** Drops the database, closing any connections still open to it. */
  drop(): Promise<void>;
}

/** A fresh, uniquely named database on the real PostgreSQL server, so test files never share tables. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = integrationEnv().databaseUrl;
  const name = `palm_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = knex({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(statement);
  } finally {
    await admin.destroy();
  }
}
