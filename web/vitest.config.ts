import { fileURLToPath } from 'node:url';
import { defineProject, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      root: fileURLToPath(new URL('.', import.meta.url)),
      include: ['src/**/*.test.tsx', 'build/**/*.test.ts'],
      environment: 'jsdom',
      setupFiles: ['src/testing/setup-tests.ts'],
      css: false,
    },
  }),
);
