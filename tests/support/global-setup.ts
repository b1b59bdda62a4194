import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from 'amqplib';
import knex from 'knex';
import S3rver from 's3rver';
import type { TestProject } from 'vitest/node';
import { buildServer } from '../../scripts/build/server-build';
import { REPO_ROOT } from '../e2e/support/paths';
import type { IntegrationEnv } from './integration-env';

// s3rver accepts exactly these credentials.
const S3RVER_KEY = 'S3RVER';
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * The integration tier runs against real PostgreSQL and RabbitMQ, which must already be running
 * (`.ci/run` starts them), and an s3rver started here. A missing server fails the whole run with
 * instructions: a skipped integration tier would look like a green one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const amqpUrl = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

  const problems = (await Promise.all([checkPostgres(databaseUrl), checkRabbitMq(amqpUrl)])).filter(
    (problem): problem is string => problem !== null,
  );
  if (problems.length > 0) {
    throw new Error(
      `Integration tests need real infrastructure, and some is not reachable:\n  - ${problems.join('\n  - ')}\n` +
        'Start it (as root: `.ci/run` does it, or see /etc/postgresql and `rabbitmq-server -detached`), ' +
        'or point TEST_DATABASE_URL / TEST_AMQP_URL elsewhere.',
    );
  }

  const compiledServer = await compileServer();
  const s3Directory = await mkdtemp(path.join(tmpdir(), 'palm-s3rver-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Directory });
  const { port } = await s3rver.run().catch(async (error: unknown) => {
    await rm(compiledServer, { recursive: true, force: true });
    throw error;
  });

  const env: IntegrationEnv = {
    databaseUrl,
    amqpUrl,
    s3: {
      endpoint: `http://127.0.0.1:${port}`,
      accessKey: S3RVER_KEY,
      secretKey: S3RVER_KEY,
      region: 'us-east-1',
    },
    compiledServer,
  };
  project.provide('integrationEnv', env);
  // Also as environment variables, for service processes that tests start as children.
  Object.assign(process.env, {
    TEST_DATABASE_URL: env.databaseUrl,
    TEST_AMQP_URL: env.amqpUrl,
    TEST_S3_ENDPOINT: env.s3.endpoint,
    TEST_S3_ACCESS_KEY: env.s3.accessKey,
    TEST_S3_SECRET_KEY: env.s3.secretKey,
    TEST_S3_REGION: env.s3.region,
  });

  return async () => {
    await s3rver.close();
    await rm(s3Directory, { recursive: true, force: true });
    await rm(compiledServer, { recursive: true, force: true });
  };
}

/**
 * Compiles the roles once for the run (two seconds) into a directory of its own under
 * node_modules/.cache, where they find their packages; a stack run under tsx instead spent about a
 * second of CPU per process compiling TypeScript as it started.
 */
async function compileServer(): Promise<string> {
  const cacheDir = path.join(REPO_ROOT, 'node_modules', '.cache');
  await mkdir(cacheDir, { recursive: true });
  const directory = await mkdtemp(path.join(cacheDir, 'palm-test-server-'));
  try {
    await buildServer(REPO_ROOT, directory);
  } catch (error) {
    await rm(directory, { recursive: true, force: true });
    throw new Error(`Compiling the roles for the test stacks failed: ${describe(error)}`, { cause: error });
  }
  return directory;
}

async function checkPostgres(url: string): Promise<string | null> {
  const db = knex({
    client: 'pg',
    connection: { connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
    pool: { min: 0, max: 1 },
    acquireConnectionTimeout: CONNECT_TIMEOUT_MS,
  });
  try {
    await db.raw('select 1');
    return null;
  } catch (error) {
    return `PostgreSQL at ${url} (user postgres, trust auth): ${describe(error)}`;
  } finally {
    await db.destroy();
  }
}

async function checkRabbitMq(url: string): Promise<string | null> {
  try {
    const connection = await connect(url, { timeout: CONNECT_TIMEOUT_MS });
    await connection.close();
    return null;
  } catch (error) {
    return `RabbitMQ at ${url.replace(/\/\/[^@]*@/, '//')} (guest/guest): ${describe(error)}`;
  }
}

function describe(error: unknown): string {
  if (error instanceof AggregateError) return error.errors.map(describe).join('; ');
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
