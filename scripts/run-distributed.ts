import { mkdtemp } from 'node:fs/promises';
import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { OPS_PORT, OTHER_ROLES, SERVICE_PORT_BASE } from '@palm/catalogue';
import { BUILT_ROLES_DIR, startProcessStack } from './distributed/process-stack';

/**
 * `npm run start:distributed`: every service, the AI worker and the gateway as separate processes,
 * compiled (`npm run build` first) and run by plain node,
 * against PostgreSQL (DATABASE_URL), RabbitMQ (AMQP_URL) and S3 (S3_ENDPOINT). Without S3_ENDPOINT
 * a local s3rver stands in for MinIO.
 */
const fail = (message: string): never => {
  console.error(`start:distributed: ${message}`);
  process.exit(1);
};

const port = (variable: string, fallback: number) => {
  const value = Number(process.env[variable] ?? fallback);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    fail(`${variable} must be a port number from 1 to 65535 (got "${process.env[variable]}")`);
  }
  return value;
};
// PORT is where visitors open the product, OPS_PORT the gateway's /readyz and /metrics; the
// services take SERVICE_PORT_BASE and the next four.
const ports = {
  gatewayPort: port('PORT', OTHER_ROLES.gateway.port),
  gatewayOpsPort: port('OPS_PORT', OPS_PORT),
  servicePortBase: port('SERVICE_PORT_BASE', SERVICE_PORT_BASE),
};
// The services and the operations port answer this machine only, unless SERVICE_HOST widens them
// (0.0.0.0: a Prometheus elsewhere); visitors use the gateway's public port.
const serviceHost = process.env.SERVICE_HOST ?? '127.0.0.1';
if (isIP(serviceHost) === 0) fail('SERVICE_HOST must be an IP address, e.g. 127.0.0.1 or 0.0.0.0');

const env: NodeJS.ProcessEnv = {
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  AMQP_URL: process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
};
let s3rver: S3rver | undefined;
if (!process.env.S3_ENDPOINT) {
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: await mkdtemp(path.join(tmpdir(), 'palm-s3-')),
  });
  const { port: s3Port } = await s3rver.run();
  Object.assign(env, {
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_ACCESS_KEY: 'S3RVER',
    S3_SECRET_KEY: 'S3RVER',
  });
  console.log(`S3_ENDPOINT is not set: using a local s3rver at ${env.S3_ENDPOINT}`);
}

const stack = await startProcessStack({
  env,
  compiledDir: BUILT_ROLES_DIR,
  ...ports,
  serviceHost,
  onOutput: (name, line) => console.log(`${name.padEnd(10)} | ${line}`),
}).catch(async (error: unknown) => {
  await s3rver?.close();
  return fail(error instanceof Error ? error.message : String(error));
});
console.log(
  `Palm reading (distributed) is ready at ${stack.urls.gateway.replace('127.0.0.1', 'localhost')}` +
    ` (readiness and metrics: ${stack.opsUrls.gateway}/readyz, /metrics)`,
);

const shutdown = () => {
  void stack
    .stop()
    .then(() => s3rver?.close())
    .finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
