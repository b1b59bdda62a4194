import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { portIsFree, reservePort } from '../../scripts/distributed/port-reservation';
import { ROOT } from './support/deployment-facts';

/**
 * `npm run start:distributed` takes its ports from PORT, OPS_PORT and SERVICE_PORT_BASE, and refuses
 * a port another program already listens on before it starts anything: otherwise that program's
 * /readyz would pass for ours. Every case here ends at that check, so no stack is started.
 */
const standIns: Server[] = [];

afterEach(async () => {
  await Promise.all(standIns.splice(0).map((server) => new Promise((done) => server.close(done))));
});

function listenOn(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/**
 * A free port whose next `size - 1` ports are free too (the services' range from a base), drawn from
 * below the ephemeral range as the test stacks' ports are (port-reservation.ts): there no outgoing
 * connection of another test takes one between this check and start:distributed's own.
 */
async function freeRange(size: number): Promise<number> {
  for (;;) {
    const base = await reservePort();
    try {
      const rest = await Promise.all(
        Array.from({ length: size - 1 }, (_, at) => portIsFree(base.port + at + 1)),
      );
      if (rest.every(Boolean)) return base.port;
    } finally {
      await base.release();
    }
  }
}

function runStartDistributed(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts/run-distributed.ts')],
      {
        cwd: ROOT,
        // An S3_ENDPOINT keeps the script from starting its own s3rver; nothing here reaches it.
        env: { ...process.env, S3_ENDPOINT: 'http://127.0.0.1:9', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`start:distributed did not stop by itself:\n${output}`));
    }, 20_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('start:distributed ports', () => {
  it('puts the services at SERVICE_PORT_BASE and refuses one that another program holds', async () => {
    const base = await freeRange(7);
    standIns.push(await listenOn(base));
    const { code, output } = await runStartDistributed({
      PORT: String(base + 5),
      OPS_PORT: String(base + 6),
      SERVICE_PORT_BASE: String(base),
    });
    expect(code).toBe(1);
    // The reading service has the lowest port of the catalogue: the first of the range.
    expect(output).toContain(`reading cannot use port ${base}: another program is listening on it`);
    expect(output).not.toMatch(/\n\s+at /);
  });

  it('puts the gateway at PORT and its operations endpoints at OPS_PORT, refusing taken ones', async () => {
    for (const taken of ['PORT', 'OPS_PORT'] as const) {
      const base = await freeRange(7);
      const env = { SERVICE_PORT_BASE: String(base), PORT: String(base + 5), OPS_PORT: String(base + 6) };
      standIns.push(await listenOn(Number(env[taken])));
      const { code, output } = await runStartDistributed(env);
      expect(code, taken).toBe(1);
      expect(output, taken).toContain(
        `gateway cannot use port ${env[taken]}: another program is listening on it`,
      );
    }
  });

  it('refuses a PORT that is not a port number, with a clear message', async () => {
    const { code, output } = await runStartDistributed({ PORT: 'eighty' });
    expect(code).toBe(1);
    expect(output).toContain('PORT must be a port number from 1 to 65535 (got "eighty")');
    expect(output).not.toMatch(/\n\s+at /);
  });
});
