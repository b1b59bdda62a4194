import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, chown, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { freePort } from '../../scripts/distributed/port-reservation';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import S3rver from 's3rver';

const run = promisify(execFile);

/**
 * Infrastructure of a test's own, on other ports and in temp directories, so that a test may
 * stop and restart it without disturbing the machine's shared PostgreSQL and RabbitMQ (or another
 * test). Running as root, the servers run as their system users (`postgres`, `rabbitmq`).
 */

const asUser = (user: string, command: string, args: string[]) =>
  process.getuid?.() === 0
    ? (['runuser', ['-u', user, '--', command, ...args]] as const)
    : ([command, args] as const);

async function ownedTempDir(prefix: string, user: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', user]);
    const { stdout: group } = await run('id', ['-g', user]);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  await chmod(dir, 0o700);
  return dir;
}

export interface PrivatePostgres {
  url: string;
  /** Stops the server (fast shutdown: connections are cut) and starts it again on the same port. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

async function postgresBin(): Promise<string> {
  const versions = (await readdir('/usr/lib/postgresql')).sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL under /usr/lib/postgresql');
  return `/usr/lib/postgresql/${versions[0]}/bin`;
}

/** A PostgreSQL cluster of its own: initdb into a temp dir, listening on 127.0.0.1 on a free port. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = await postgresBin();
  const dir = await ownedTempDir('palm-pg-', 'postgres');
  const data = path.join(dir, 'data');
  const port = await freePort();
  const pgCtl = (...args: string[]) => {
    const [command, argv] = asUser('postgres', `${bin}/pg_ctl`, ['-D', data, ...args]);
    return run(command, [...argv]);
  };
  const [initdb, initArgs] = asUser('postgres', `${bin}/initdb`, [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
  ]);
  await run(initdb, [...initArgs]);
  const start = () =>
    pgCtl(
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      path.join(dir, 'server.log'),
      '-w',
      'start',
    );
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      await pgCtl('-m', 'fast', '-w', 'stop');
      await start();
    },
    async stop() {
      await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateRabbitMq {
  url: string;
  nodeName: string;
  /** Stops and starts the broker application, as a broker restart would, and waits until it serves. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A RabbitMQ node of its own next to the machine's: its own node name, AMQP and distribution
 * ports, data and log directories, no plugins. It shares epmd and the Erlang cookie, which
 * keeps rabbitmqctl working for both nodes.
 */
export async function startPrivateRabbitMq(): Promise<PrivateRabbitMq> {
  const dir = await ownedTempDir('palm-rmq-', 'rabbitmq');
  const [port, distPort] = [await freePort(), await freePort()];
  const nodeName = `palmfault${randomBytes(3).toString('hex')}@localhost`;
  const config = path.join(dir, 'rabbitmq.conf');
  const plugins = path.join(dir, 'enabled_plugins');
  await writeFile(config, `listeners.tcp.local = 127.0.0.1:${port}\n`);
  await writeFile(plugins, '[].\n');
  if (process.getuid?.() === 0) {
    await run('chown', ['-R', 'rabbitmq:rabbitmq', dir]);
  }
  const [command, args] = asUser('rabbitmq', '/usr/lib/rabbitmq/bin/rabbitmq-server', []);
  const server: ChildProcess = spawn(command, [...args], {
    env: {
      ...process.env,
      HOME: process.getuid?.() === 0 ? '/var/lib/rabbitmq' : process.env.HOME,
      RABBITMQ_NODENAME: nodeName,
      RABBITMQ_NODE_PORT: String(port),
      RABBITMQ_DIST_PORT: String(distPort),
      RABBITMQ_CONFIG_FILE: config,
      RABBITMQ_ENABLED_PLUGINS_FILE: plugins,
      RABBITMQ_MNESIA_BASE: path.join(dir, 'mnesia'),
      RABBITMQ_LOG_BASE: path.join(dir, 'log'),
    },
    stdio: 'ignore',
  });
  const ctl = (...argv: string[]) => run('rabbitmqctl', ['-n', nodeName, ...argv]);
  const awaitStartup = async () => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      try {
        await ctl('await_startup', '--timeout', '30');
        return;
      } catch (error) {
        // Until the node has registered with epmd, rabbitmqctl says it is not running.
        if (Date.now() > deadline || server.exitCode !== null) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  };
  await awaitStartup();
  return {
    url: `amqp://guest:guest@127.0.0.1:${port}`,
    nodeName,
    async restart() {
      try {
        await ctl('stop_app');
      } finally {
        await ctl('start_app');
        await awaitStartup();
      }
    },
    async stop() {
      await ctl('stop').catch(() => undefined);
      if (server.exitCode === null) server.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export interface PrivateS3 {
  endpoint: string;
  accessKey: string;
  secretKey: string;
  /** Takes the endpoint away (connections refused) until `up`. */
  down(): Promise<void>;
  up(): Promise<void>;
  stop(): Promise<void>;
}

/** An s3rver of its own; `down`/`up` stop and restart it on the same port and directory. */
export async function startPrivateS3(): Promise<PrivateS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'palm-s3-'));
  const port = await freePort();
  let server: S3rver | undefined;
  const up = async () => {
    server = new S3rver({ address: '127.0.0.1', port, silent: true, directory });
    await server.run();
  };
  const down = async () => {
    await server?.close();
    server = undefined;
  };
  await up();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKey: 'S3RVER',
    secretKey: 'S3RVER',
    down,
    up,
    async stop() {
      await down();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
