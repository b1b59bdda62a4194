import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/**
 * Ports for test stacks and private brokers come from below the OS's ephemeral range. A port the
 * OS hands out for `listen(0)` is in that range, where every outgoing connection (to PostgreSQL,
 * RabbitMQ, S3, another test's fetch) also takes its local port: between choosing such a port and
 * the child process binding it, or while a fault test holds a server down, a connection could
 * take it and the child fail to start with EADDRINUSE. Below the range only explicit binds compete.
 */
const LOWEST_PORT = 15_000;
const ATTEMPTS = 200;

/** The first port of the range the OS takes local ports of outgoing connections from. */
export function ephemeralRangeStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/);
    return Number(low) || 32_768;
  } catch {
    return 32_768;
  }
}
const HIGHEST_PORT = Math.max(LOWEST_PORT + 1_000, ephemeralRangeStart()) - 1;

/** A port held by a listener of ours until `release()`, so no one else can take it meanwhile. */
export interface PortReservation {
  port: number;
  release(): Promise<void>;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

function listenOn(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(undefined));
    // All interfaces: a port taken on any address would fail the process that binds it later.
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}

/**
 * Test files run side by side in several Vitest workers, each a process of its own, and a port one
 * of them has chosen but not bound (released for a child about to bind it, or a broker a fault test
 * holds down) looks free to the others. So each worker (`VITEST_POOL_ID`, 1…n) draws from a slice
 * of the range no other worker uses; everything else (global setups, scripts) from slice 0.
 */
const SLICES = 8;

function portSlice(): { low: number; high: number } {
  const pool = Number(process.env.VITEST_POOL_ID ?? 0);
  const slice = Number.isSafeInteger(pool) && pool > 0 ? pool % SLICES : 0;
  const width = Math.floor((HIGHEST_PORT - LOWEST_PORT + 1) / SLICES);
  const low = LOWEST_PORT + slice * width;
  return { low, high: low + width - 1 };
}

export async function reservePort(): Promise<PortReservation> {
  const { low, high } = portSlice();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const port = randomInt(low, high + 1);
    const server = await listenOn(port);
    if (server) return { port, release: () => close(server) };
  }
  throw new Error(`No free port between ${low} and ${high} after ${ATTEMPTS} tries`);
}

/** Whether a process could bind this port now, on every interface. */
export async function portIsFree(port: number): Promise<boolean> {
  const server = await listenOn(port);
  if (!server) return false;
  await close(server);
  return true;
}

/** A port nothing listens on right now, outside the ephemeral range. */
export async function freePort(): Promise<number> {
  const reservation = await reservePort();
  await reservation.release();
  return reservation.port;
}
