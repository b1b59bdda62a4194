import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web's layers import one way only: app → features → shared (components, hooks, lib, config,
// styles). A feature never imports another feature: the page composes them. Test helpers (testing/)
// render the app's providers, so they may use app/ but no feature.
const WEB = './web/src';
const WEB_FEATURES = readdirSync(`${WEB}/features`);
const WEB_SHARED = ['components', 'hooks', 'lib', 'config', 'styles'].map((dir) => `${WEB}/${dir}`);
/** The one sanctioned use between features: the scan step opens the guided camera, lazily. */
const FEATURE_USES = { scan: ['capture'] };
const webBoundaries = [
  ...WEB_FEATURES.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [feature, ...(FEATURE_USES[feature] ?? [])].map((allowed) => `./${allowed}`),
    message: 'Features stay independent: compose them in the page (web/src/app) instead.',
  })),
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'A feature is used by the app, never the other way round.',
  },
  { target: `${WEB}/testing`, from: `${WEB}/features`, message: 'Test helpers know no feature.' },
  ...WEB_SHARED.map((shared) => ({
    target: shared,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared code knows no feature or page: pass what it needs in.',
  })),
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'eslint.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Server code formats by hand: the first call into ICU (toLocale*, localeCompare, Intl) maps 2–5 MB
    // of its data into the process for good, against a 120 MB budget per service (docs/benchmarks.md).
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'localeCompare'].map(
          (property) => ({
            property,
            message: 'Uses ICU, which stays resident in the service afterwards; format or compare by hand.',
          }),
        ),
      ],
      'no-restricted-globals': [
        'error',
        {
          name: 'Intl',
          message: 'Uses ICU, which stays resident in the service afterwards; format by hand.',
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: webBoundaries }],
      // exhaustive-deps warns by default; warnings fail the lint here anyway, so say it plainly.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/test/**', '**/*.test.ts', '**/*.test.tsx', 'tests/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
);
