import {
  startProcessStack,
  type ProcessStack,
  type StackProcessName,
} from '../../scripts/distributed/process-stack';
import { integrationEnv } from './integration-env';
import { createTestDatabase, type TestDatabase } from './test-database';
import { createTestVhost, type TestVhost } from './test-vhost';

export interface TestStack extends ProcessStack {
  database: TestDatabase;
  vhost: TestVhost;
  /** The S3 bucket the processes keep their blobs in. */
  bucket: string;
  /** Stops every process and drops the database and the vhost. */
  stop(): Promise<void>;
}

/**
 * The distributed mode for one test file: every process on a free port, against a database and a
 * RabbitMQ vhost of its own and the shared S3 endpoint (a bucket of its own).
 */
export async function startTestStack(
  options: {
    env?: NodeJS.ProcessEnv;
    onOutput?: (name: StackProcessName, line: string) => void;
  } = {},
): Promise<TestStack> {
  const database = await createTestDatabase();
  const vhost = await createTestVhost();
  const { s3, compiledServer } = integrationEnv();
  const bucket = `palm-${vhost.name.replaceAll('_', '-')}`;
  try {
    const stack = await startProcessStack({
      freePorts: true,
      compiledDir: compiledServer,
      env: {
        DATABASE_URL: database.url,
        AMQP_URL: vhost.url,
        S3_ENDPOINT: s3.endpoint,
        S3_ACCESS_KEY: s3.accessKey,
        S3_SECRET_KEY: s3.secretKey,
        S3_BUCKET: bucket,
        ...options.env,
      },
      onOutput: options.onOutput,
    });
    return {
      ...stack,
      database,
      vhost,
      bucket,
      async stop() {
        await stack.stop();
        await vhost.drop();
        await database.drop();
      },
    };
  } catch (error) {
    await vhost.drop();
    await database.drop();
    throw error;
  }
}
