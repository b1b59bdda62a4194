import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import knex from 'knex';
import S3rver from 's3rver';
import { palmPhotos, readPhoto, submitReading, waitForReading } from '../../tests/support/palm-photos';
import { nodeRuntimeEnv, SERVICE_NAMES, urlVariable } from '@palm/catalogue';
import { STACK_PROCESS_NAMES, type StackProcessName } from '../distributed/process-stack';
import { freePort } from '../distributed/port-reservation';

/**
 * The run half of `npm run test:image` (scripts/image/test-image.sh builds the image first): the
 * image's migrate role, then every service role, each in its own container on the host network,
 * against a database and a RabbitMQ vhost of this run's own and an s3rver started here; then one
 * reading through the containerised gateway. Everything it made is removed again, pass or fail.
 */
const run = promisify(execFile);
const DOCKER = process.env.DOCKER ?? 'docker';
const IMAGE = process.env.PALM_IMAGE ?? 'palm-reading:test';
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const AMQP_SERVER = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';
const suffix = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
const databaseName = `palm_image_${suffix}`;
const vhost = `palm_image_${suffix}`;
const started = performance.now();

/**
 * The allocator and V8 settings the role's node process (the container's PID 1, exec'd by the
 * entrypoint) really runs with, checked against what start:distributed gives the role.
 */
async function checkRuntimeSettings(role: string, container: string): Promise<void> {
  const { stdout } = await run(DOCKER, ['exec', container, 'cat', '/proc/1/environ']);
  const environment = Object.fromEntries(
    stdout
      .split('\0')
      .filter(Boolean)
      .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
  );
  for (const [name, wanted] of Object.entries(nodeRuntimeEnv(role, {}))) {
    if ((environment[name] ?? '') !== wanted) {
      throw new Error(`${role} runs with ${name}="${environment[name] ?? ''}", not "${wanted}"`);
    }
  }
}

const step = (message: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s] ${message}`);

async function onServer(statement: string): Promise<void> {
  const admin = knex({ client: 'pg', connection: SERVER_URL, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(statement);
  } finally {
    await admin.destroy();
  }
}

/** `docker run` on the host network: the containers reach PostgreSQL, RabbitMQ and s3rver on 127.0.0.1. */
function dockerRunArgs(name: string, env: Record<string, string>, role: string, detached: boolean): string[] {
  return [
    'run',
    ...(detached ? ['--detach'] : ['--rm']),
    '--name',
    name,
    '--network',
    'host',
    '--read-only',
    '--tmpfs',
    '/tmp',
    '--cap-drop',
    'ALL',
    '--security-opt',
    'no-new-privileges:true',
    ...Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
    IMAGE,
    role,
  ];
}

async function waitUntilReady(
  role: string,
  url: string,
  container: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    const { stdout } = await run(DOCKER, ['inspect', '-f', '{{.State.Running}}', container]);
    if (stdout.trim() !== 'true') throw new Error(`the ${role} container stopped while starting`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${role} was not ready at ${url}/readyz within ${timeoutMs / 1000} s`);
}

const containers: string[] = [];
const s3Directory = await mkdtemp(path.join(tmpdir(), 'palm-image-s3-'));
const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: s3Directory });
let failed = false;
try {
  const { port: s3Port } = await s3rver.run();
  await onServer(`create database ${databaseName}`);
  await run('rabbitmqctl', ['add_vhost', vhost]);
  await run('rabbitmqctl', ['set_permissions', '-p', vhost, 'guest', '.*', '.*', '.*']);
  const databaseUrl = new URL(SERVER_URL);
  databaseUrl.pathname = `/${databaseName}`;
  const amqpUrl = new URL(AMQP_SERVER);
  amqpUrl.pathname = `/${vhost}`;
  const infrastructure = {
    DATABASE_URL: databaseUrl.toString(),
    AMQP_URL: amqpUrl.toString(),
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
    // Distributed mode refuses to start without the secret that guards calls between services.
    INTERNAL_TOKEN: randomBytes(24).toString('hex'),
    // ...and without the key that seals the operator's authenticator secret.
    ADMIN_DATA_KEY: randomBytes(32).toString('base64'),
    LOG_LEVEL: 'warn',
  };
  step(`database ${databaseName}, vhost ${vhost}, s3rver on 127.0.0.1:${s3Port}`);

  const migrate = `palm-image-migrate-${suffix}`;
  await run(DOCKER, dockerRunArgs(migrate, infrastructure, 'migrate', false));
  step('migrate role: every service migrated, container exited 0');

  const ports = Object.fromEntries(
    await Promise.all(STACK_PROCESS_NAMES.map(async (name) => [name, await freePort()] as const)),
  ) as Record<StackProcessName, number>;
  const urls = Object.fromEntries(
    STACK_PROCESS_NAMES.map((name) => [name, `http://127.0.0.1:${ports[name]}`]),
  ) as Record<StackProcessName, string>;
  // The gateway serves /readyz on its operations port only; the services on their own port.
  const gatewayOpsPort = await freePort();
  const readinessUrls = { ...urls, gateway: `http://127.0.0.1:${gatewayOpsPort}` };
  const serviceUrls = Object.fromEntries(SERVICE_NAMES.map((name) => [urlVariable(name), urls[name]]));
  for (const role of STACK_PROCESS_NAMES) {
    const container = `palm-image-${role}-${suffix}`;
    const env = {
      ...infrastructure,
      ...serviceUrls,
      PORT: String(ports[role]),
      ...(role === 'gateway' ? { OPS_PORT: String(gatewayOpsPort) } : {}),
      READING_RATE_LIMIT_PER_MINUTE: '100',
    };
    await run(DOCKER, dockerRunArgs(container, env, role, true));
    containers.push(container);
    await waitUntilReady(role, readinessUrls[role], container);
    await checkRuntimeSettings(role, container);
    const { stdout } = await run(DOCKER, ['stats', '--no-stream', '--format', '{{.MemUsage}}', container]);
    step(
      `${role.padEnd(10)} ready at ${urls[role]} (container ${container}, memory ${stdout.trim().split(' /')[0]}, runtime settings as start:distributed)`,
    );
  }

  const gateway = urls.gateway;
  const photo = palmPhotos().find((file) => file.includes('pos_21')) ?? palmPhotos()[0]!;
  const response = await submitReading(gateway, await readPhoto(photo), {
    async: true,
    fields: { focusAreas: '["career","love"]' },
  });
  if (response.status !== 202)
    throw new Error(`POST /api/reading answered ${response.status}: ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  step(`reading ${id} accepted (202) through the gateway container`);
  const view = await waitForReading(gateway, id, 120_000);
  if (view.status !== 'completed') throw new Error(`reading ${id} ended ${view.status}`);
  const areas = view.reading!.sections.map((section) => section.area).sort();
  const image = await fetch(`${gateway}${view.palmUrl}`);
  if (!image.ok) throw new Error(`the palm image answered ${image.status}`);
  step(
    `reading ${id} completed: sections ${areas.join(', ')}; its palm image served from S3 (${image.headers.get('content-type')})`,
  );

  const html = await (await fetch(`${gateway}/`)).text();
  const script = /<script\b[^>]*\bsrc="([^"]+)"/.exec(html)?.[1];
  if (!script) throw new Error('index.html from the gateway names no script');
  const asset = await fetch(`${gateway}${script}`, { headers: { 'accept-encoding': 'br' } });
  const encoding = asset.headers.get('content-encoding');
  const cacheControl = asset.headers.get('cache-control');
  if (encoding !== 'br' || !cacheControl?.includes('immutable')) {
    throw new Error(`${script} came as ${encoding ?? 'identity'} with Cache-Control ${cacheControl}`);
  }
  step(`web app: ${script} served as ${encoding}, Cache-Control ${cacheControl}`);
  const deadLetters = await run(
    DOCKER,
    dockerRunArgs(`palm-image-dlq-${suffix}`, infrastructure, 'dlq', false).concat('list'),
  );
  step(`dlq role: \`dlq list\` exited 0 (${deadLetters.stdout.trim().split('\n')[0] ?? ''})`);
  step('test:image passed');
} catch (error) {
  failed = true;
  console.error(`test:image FAILED: ${error instanceof Error ? error.message : String(error)}`);
  for (const container of containers) {
    const logs = await run(DOCKER, ['logs', '--tail', '20', container]).catch(() => ({
      stdout: '',
      stderr: '',
    }));
    console.error(`--- ${container} ---\n${logs.stdout}${logs.stderr}`);
  }
} finally {
  if (containers.length > 0) await run(DOCKER, ['rm', '--force', ...containers]).catch(() => undefined);
  await run('rabbitmqctl', ['delete_vhost', vhost]).catch(() => undefined);
  await onServer(`drop database if exists ${databaseName} with (force)`).catch(() => undefined);
  await s3rver.close();
  await rm(s3Directory, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
