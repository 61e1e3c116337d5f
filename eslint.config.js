import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/*
 * Import boundaries (bulletproof-react's zones; docs/architecture-target.md "Style"):
 * imports flow one way, domain <- lib <- features <- routes, and no feature
 * reaches into another: the routes compose them. Paths are resolved, so a
 * relative import is caught however many `../` it takes.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/*
 * src/boot is the first load every page pays for (docs/performance.md, "The first-load boundary"):
 * it imports src/domain and React only, so nothing heavy can slip into the entry chunk through it.
 */
const BOOT_MESSAGE = 'src/boot is the first load of every page: it imports only src/domain and React, never lib, features or routes.';

const BOUNDARY_ZONES = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: compose them in src/routes, or move the shared piece to src/domain or src/lib.',
  })),
  {
    target: './src/domain',
    from: ['./src/boot', './src/features', './src/lib', './src/routes'],
    message: 'src/domain is pure and shared with the Edge Functions: it imports nothing from boot, features, lib or routes.',
  },
  {
    target: './src/boot',
    from: './src',
    except: ['./boot', './domain'],
    message: BOOT_MESSAGE,
  },
  {
    target: ['./src/lib', './src/features'],
    from: './src/routes',
    message: 'Routes compose features, never the other way round.',
  },
  {
    target: './src',
    from: ['./server', './functions'],
    message: 'The app never imports the servers or the Edge Functions; shared code lives in src/domain.',
  },
  {
    target: './server/app',
    from: './server/local-backend',
    message: 'The production app server never depends on the local Supabase stand-in.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-server',
      'supabase/functions',
      'node_modules',
      '.local',
      '.tmp',
      'src/routeTree.gen.ts',
      'coverage',
      'public/mockServiceWorker.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: BOUNDARY_ZONES }],
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/functions/_shared/supabase-clients*'], message: 'The service-role client stays inside functions/.' }],
        },
      ],
    },
  },
  {
    // Any package but React is too heavy for the first load, or belongs behind it (Dexie, supabase-js, Headless UI).
    files: ['src/boot/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!react(/|$)|\\.)', message: BOOT_MESSAGE }] }],
    },
  },
  {
    // src/domain is pure: shared with the Edge Functions, so no React, DOM or Supabase.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['react', 'react-dom', '@supabase/supabase-js', 'dexie'] }],
    },
  },
);
