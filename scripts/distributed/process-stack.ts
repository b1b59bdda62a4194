import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { embeddedDataKey } from '@palm/admin-auth';
import {
  nodeRuntimeEnv,
  OPS_PORT,
  OTHER_ROLES,
  SERVICE_NAMES,
  peersOf,
  SERVICE_PORT_BASE,
  SERVICES,
  urlVariable,
  type ServiceName,
} from '@palm/catalogue';
import { compiledRoleFile, SERVER_DIST } from '../build/server-build';
import { portIsFree, reservePort, type PortReservation } from './port-reservation';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The roles as `npm run build` compiled them, for `compiledDir`. */
export const BUILT_ROLES_DIR = path.join(ROOT, SERVER_DIST);

/** Every process of the distributed mode, as docker-compose and Kubernetes run them: the catalogue's services, then the gateway. */
export const STACK_PROCESS_NAMES = [...SERVICE_NAMES, 'gateway'] as const;
export type StackProcessName = (typeof STACK_PROCESS_NAMES)[number];
const entryOf = (name: StackProcessName) =>
  name === 'gateway' ? OTHER_ROLES.gateway.entry : SERVICES[name].entry;

export interface ProcessStackOptions {
  /** DATABASE_URL, AMQP_URL, S3_* and anything else every process should see. */
  env: NodeJS.ProcessEnv;
  /** Ask the OS for free ports instead of the fixed ones (tests). */
  freePorts?: boolean;
  /**
   * Run the roles compiled into this directory (`npm run build` compiles them into dist/) with
   * plain node instead of TypeScript under tsx.
   */
  compiledDir?: string;
  /** The gateway's port (the catalogue's unless given). */
  gatewayPort?: number;
  /** The gateway's operations port, for /readyz and /metrics (the catalogue's unless given). */
  gatewayOpsPort?: number;
  /** The services listen at their catalogue ports moved to start here (the lowest is the base). */
  servicePortBase?: number;
  /**
   * Where the services and the gateway's operations port listen: 127.0.0.1 by default, so that only
   * this machine reaches them; the gateway's public port listens on every interface.
   */
  serviceHost?: string;
  /** Where each process's output goes, line by line. */
  onOutput?: (name: StackProcessName, line: string) => void;
}

export interface ProcessStack {
  urls: Record<StackProcessName, string>;
  /**
   * Where each process serves /healthz, /readyz and /metrics: the gateway on its operations port
   * (not the public one), every service on its own port, which only the cluster reaches.
   */
  opsUrls: Record<StackProcessName, string>;
  /** Sends a signal to one process (SIGKILL to crash it) and waits for it to exit. */
  kill(name: StackProcessName, signal?: NodeJS.Signals): Promise<void>;
  /** Starts a process again after `kill`, and waits until it is ready. */
  start(name: StackProcessName): Promise<void>;
  /** The operating-system process id of a running process (for memory figures). */
  pid(name: StackProcessName): number | undefined;
  stop(): Promise<void>;
}

/** Refuses a port some other program already listens on: its /readyz would pass for ours. */
async function assertPortFree(name: string, port: number): Promise<void> {
  if (!(await portIsFree(port))) {
    throw new Error(`${name} cannot use port ${port}: another program is listening on it`);
  }
}

/** Lines of a process's output kept to say why it failed to start. */
const KEPT_OUTPUT_LINES = 20;

async function waitUntilReady(
  name: string,
  url: string,
  child: ChildProcess,
  recentOutput: readonly string[],
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const said = recentOutput.length > 0 ? `; its last output:\n${recentOutput.join('\n')}` : '';
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) while starting${said}`);
    }
    const ready = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} was not ready at ${url}/readyz within ${timeoutMs / 1000} s`);
}

/** Starts the services, the worker and the gateway as separate Node processes, each on its own port. */
export async function startProcessStack(options: ProcessStackOptions): Promise<ProcessStack> {
  const fixedPort = (name: StackProcessName) => {
    if (name === 'gateway') return options.gatewayPort ?? OTHER_ROLES.gateway.port;
    return (options.servicePortBase ?? SERVICE_PORT_BASE) + SERVICES[name].port - SERVICE_PORT_BASE;
  };
  // Free ports stay held by us until their process is spawned, so nothing else takes them meanwhile.
  const reservations = new Map<number, PortReservation>();
  const choosePort = async (fixed: number) => {
    if (!options.freePorts) return fixed;
    const reservation = await reservePort();
    reservations.set(reservation.port, reservation);
    return reservation.port;
  };
  const releaseReservations = async () => {
    await Promise.all([...reservations.values()].map((reservation) => reservation.release()));
    reservations.clear();
  };
  const ports = {} as Record<StackProcessName, number>;
  for (const name of STACK_PROCESS_NAMES) ports[name] = await choosePort(fixedPort(name));
  const gatewayOpsPort = await choosePort(options.gatewayOpsPort ?? OPS_PORT);
  const portsOf = (name: StackProcessName) =>
    name === 'gateway' ? [ports.gateway, gatewayOpsPort] : [ports[name]];
  const serviceHost = options.serviceHost ?? '127.0.0.1';
  // A random token per stack unless one is given: the internal endpoints are never open, and the
  // services honour the forwarded headers the gateway signs with it.
  const internalToken = options.env.INTERNAL_TOKEN ?? randomBytes(24).toString('hex');
  // The database outlives the stack: its sealed operator secret needs the same key every run.
  const adminDataKey =
    options.env.ADMIN_DATA_KEY ??
    process.env.ADMIN_DATA_KEY ??
    embeddedDataKey(path.join(ROOT, '.data')).toString('base64');
  const urls = Object.fromEntries(
    STACK_PROCESS_NAMES.map((name) => [name, `http://127.0.0.1:${ports[name]}`]),
  ) as Record<StackProcessName, string>;
  const opsUrls = { ...urls, gateway: `http://127.0.0.1:${gatewayOpsPort}` };
  // The gateway is given every service's address, a service those of the peers it asks.
  const urlsOf = (names: readonly ServiceName[]) =>
    Object.fromEntries(names.map((name) => [urlVariable(name), urls[name]]));
  const peerUrls = (name: StackProcessName) => urlsOf(name === 'gateway' ? SERVICE_NAMES : peersOf(name));
  const children = new Map<StackProcessName, ChildProcess>();
  // A reserved port is handed over; any other (fixed, or a restart's) must be free.
  const claimPort = async (name: StackProcessName, port: number) => {
    const reservation = reservations.get(port);
    if (!reservation) return assertPortFree(name, port);
    reservations.delete(port);
    await reservation.release();
  };
  const launch = async (name: StackProcessName) => {
    for (const port of portsOf(name)) await claimPort(name, port);
    const entry = options.compiledDir
      ? [path.join(options.compiledDir, compiledRoleFile(name))]
      : ['--import', 'tsx', path.join(ROOT, entryOf(name))];
    const child = spawn(process.execPath, entry, {
      cwd: ROOT,
      env: {
        ...process.env,
        ...nodeRuntimeEnv(name),
        PUBLIC_URL: process.env.PUBLIC_URL ?? urls.gateway.replace('127.0.0.1', 'localhost'),
        // The services are reached through the gateway only, one hop that names the client.
        ...(name === 'gateway' ? {} : { TRUST_PROXY: '1' }),
        ...options.env,
        INTERNAL_TOKEN: internalToken,
        ...(name === 'admin-auth' ? { ADMIN_DATA_KEY: adminDataKey } : {}),
        ...peerUrls(name),
        PORT: String(ports[name]),
        ...(name === 'gateway'
          ? { OPS_PORT: String(gatewayOpsPort), OPS_LISTEN_HOST: serviceHost }
          : { LISTEN_HOST: serviceHost }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.set(name, child);
    const recentOutput: string[] = [];
    for (const stream of [child.stdout, child.stderr]) {
      let buffered = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          recentOutput.push(line);
          if (recentOutput.length > KEPT_OUTPUT_LINES) recentOutput.shift();
          options.onOutput?.(name, line);
        }
      });
    }
    await waitUntilReady(name, opsUrls[name], child, recentOutput);
  };

  const kill = async (name: StackProcessName, signal: NodeJS.Signals = 'SIGTERM') => {
    const child = children.get(name);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  };

  const stop = async () => {
    await Promise.all(STACK_PROCESS_NAMES.map((name) => kill(name)));
  };

  try {
    // Every fixed port is checked before anything starts: a refusal then leaves no half-started stack.
    for (const name of STACK_PROCESS_NAMES) {
      for (const port of portsOf(name)) if (!reservations.has(port)) await assertPortFree(name, port);
    }
    // The services migrate their own tables; starting them one by one keeps first start-up calm.
    for (const name of STACK_PROCESS_NAMES) await launch(name);
  } catch (error) {
    await stop();
    await releaseReservations();
    throw error;
  }
  return { urls, opsUrls, kill, start: launch, stop, pid: (name) => children.get(name)?.pid };
}
