import { fileURLToPath } from 'node:url';
import {
  configDefaults,
  defineProject,
  mergeConfig,
  type TestProjectInlineConfiguration,
} from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * The tests of the server render (prerender.server.tsx) and of hydrating its markup:
 * vitest.server.config.ts runs them.
 */
export const SERVER_RENDER_TESTS = 'src/**/*.server.test.tsx';

/** A project of the web app's tests in jsdom, as Vite builds the app. */
export const webTests = (test: NonNullable<TestProjectInlineConfiguration['test']>) =>
  mergeConfig(
    viteConfig,
    defineProject({
      test: {
        root: fileURLToPath(new URL('.', import.meta.url)),
        environment: 'jsdom',
        setupFiles: ['src/testing/setup-tests.ts'],
        css: false,
        ...test,
      },
    }),
  );

/**
 * The web app's tests in jsdom. They share one module graph per worker, as the server tiers do:
 * isolated, every file set up jsdom and imported React, the router and the app afresh, two thirds
 * of this tier's time.
 */
export default webTests({
  name: 'web',
  include: ['src/**/*.test.tsx', 'build/**/*.test.ts'],
  exclude: [...configDefaults.exclude, SERVER_RENDER_TESTS],
  isolate: false,
});
