import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { integrationEnv } from './integration-env';

const run = promisify(execFile);

export interface TestVhost {
  /** AMQP_URL for this vhost. */
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A RabbitMQ virtual host of its own, so a test's queues and dead letters are never anyone else's. */
export async function createTestVhost(): Promise<TestVhost> {
  const name = `palm_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await run('rabbitmqctl', ['add_vhost', name]);
  await run('rabbitmqctl', ['set_permissions', '-p', name, 'guest', '.*', '.*', '.*']);
  const url = new URL(integrationEnv().amqpUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await run('rabbitmqctl', ['delete_vhost', name]).catch(() => undefined);
    },
  };
}
