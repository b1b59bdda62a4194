import { defineConfig } from 'vitest/config';

// Two tiers: `unit` runs on PGlite, the in-process bus and temp disk; `integration` runs the
// same code against real PostgreSQL, RabbitMQ and an S3 endpoint started by tests/global-setup.
export default defineConfig({
  test: {
    projects: [
      'web/vitest.config.ts',
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['services/*/test/**/*.test.ts', 'gateway/test/**/*.test.ts', 'tests/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: [
            'services/*/test/**/*.int.test.ts',
            'gateway/test/**/*.int.test.ts',
            'tests/**/*.int.test.ts',
          ],
          environment: 'node',
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
