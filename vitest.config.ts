import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { TierSequencer } from './tests/support/tier-sequencer.ts';

/**
 * Tests by scope (docs/testing.md), told apart by their file names:
 * - unit `*.test.ts`: pure code; no product, no server, no database.
 * - component `*.component.test.ts`: one module in-process on port 0, on PGlite, the memory bus
 *   and temp disk.
 * - system `*.system.test.ts`, `tests/e2e/*.e2e.test.ts`: the product as a whole — embedded,
 *   spawned as processes, or driven in Chromium.
 * - integration `*.int.test.ts`: real PostgreSQL, RabbitMQ and an S3 endpoint (tests/support/global-setup).
 */
const where = (suffix: string) => [
  `services/*/test/**/*${suffix}`,
  `gateway/test/**/*${suffix}`,
  `tests/**/*${suffix}`,
];

export default defineConfig({
  test: {
    // Vitest's default on two cores is one worker: the files, waiting on sockets, timers and child
    // processes as much as on the CPU, ran one after another. Every tier's files run side by side
    // in one pool: each takes a database, vhost, bucket, ports and temp directories of its own.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: TierSequencer },
    projects: [
      'web/vitest.config.ts',
      'web/vitest.server.config.ts',
      {
        extends: true,
        test: {
          name: 'unit',
          include: where('.test.ts'),
          // The server tiers' files share one module graph per worker (no fresh import of the
          // product, the engine, its models and PGlite's WebAssembly per file: a third of the unit
          // and component tiers' time). They keep no state in modules; a file that replaces a
          // module loads afresh on top of it (backup-code-digest.component.test.ts).
          isolate: false,
          exclude: ['**/*.component.test.ts', '**/*.system.test.ts', '**/*.int.test.ts', '**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          include: where('.component.test.ts'),
          isolate: false,
          environment: 'node',
          globalSetup: ['tests/support/pglite-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: where('.int.test.ts'),
          isolate: false,
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'system',
          include: [...where('.system.test.ts'), 'tests/e2e/**/*.e2e.test.ts'],
          isolate: false,
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
