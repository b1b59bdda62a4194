import { describe, expect, it } from 'vitest';
import { startProcessStack } from '../scripts/distributed/process-stack';
import {
  ephemeralRangeStart,
  freePort,
  portIsFree,
  reservePort,
} from '../scripts/distributed/port-reservation';

const ephemeralStart = ephemeralRangeStart();

describe('ports for test stacks', () => {
  it('are held while reserved, free once released, and never in the range outgoing connections use', async () => {
    const reservation = await reservePort();
    expect(reservation.port).toBeLessThan(ephemeralStart);
    expect(await portIsFree(reservation.port), 'held while reserved').toBe(false);
    await reservation.release();
    expect(await portIsFree(reservation.port), 'free once released').toBe(true);

    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(ephemeralStart);
    expect(new Set(ports).size, 'spread, not one port again and again').toBeGreaterThan(15);
  });

  it('come from a slice of their own per Vitest worker, so files side by side never pick each other’s', async () => {
    const ownPool = process.env.VITEST_POOL_ID;
    const portsOfWorker = async (pool: string) => {
      process.env.VITEST_POOL_ID = pool;
      return Promise.all(Array.from({ length: 10 }, () => freePort()));
    };
    try {
      const first = await portsOfWorker('1');
      const second = await portsOfWorker('2');
      expect(Math.max(...first)).toBeLessThan(Math.min(...second));
    } finally {
      if (ownPool === undefined) delete process.env.VITEST_POOL_ID;
      else process.env.VITEST_POOL_ID = ownPool;
    }
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
    // The value itself is never repeated: in another variable it could be a secret.
    expect(failure?.message).not.toContain('loud');
  });
});
