import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startProcessStack } from '../scripts/distributed/process-stack';
import { freePort, reservePort } from '../scripts/distributed/port-reservation';

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });

const ephemeralStart = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
);

describe('ports for test stacks', () => {
  it('are held while reserved, free once released, and never in the range outgoing connections use', async () => {
    const reservation = await reservePort();
    expect(reservation.port).toBeLessThan(ephemeralStart);
    expect(await canListen(reservation.port), 'held while reserved').toBe(false);
    await reservation.release();
    expect(await canListen(reservation.port), 'free once released').toBe(true);

    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(ephemeralStart);
    expect(new Set(ports).size, 'spread, not one port again and again').toBeGreaterThan(15);
  });
});

describe('a process stack that cannot start', () => {
  it('says which process failed and what it printed: a wrong LOG_LEVEL named by the configuration', async () => {
    const failure = await startProcessStack({ freePorts: true, env: { LOG_LEVEL: 'loud' } }).then(
      () => undefined,
      (error: unknown) => error as Error,
    );
    expect(failure?.message).toMatch(/^admin-auth exited \(1\) while starting; its last output:\n/);
    expect(failure?.message).toContain('Invalid configuration:\\n  LOG_LEVEL');
    expect(failure?.message).toContain('(got \\"loud\\")');
  });
});
