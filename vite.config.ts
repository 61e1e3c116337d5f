import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * In `npm run dev` the local backend (started by `npm run serve`) writes its
 * address and anon key to .local/backend.json; fill the runtime-config meta
 * tags from it so the dev server talks to that backend. In a build the tags
 * stay empty: the local server fills them when it serves index.html, and a
 * hosted build uses VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY instead.
 */
function localBackendMeta(): Plugin {
  return {
    name: 'local-backend-meta',
    apply: 'serve',
    transformIndexHtml(html) {
      const file = '.local/backend.json';
      if (!existsSync(file)) return html;
      const backend = JSON.parse(readFileSync(file, 'utf8')) as { url: string; anon_key: string };
      return html
        .replace('<meta name="supabase-url" content="" />', `<meta name="supabase-url" content="${backend.url}" />`)
        .replace(
          '<meta name="supabase-anon-key" content="" />',
          `<meta name="supabase-anon-key" content="${backend.anon_key}" />`,
        );
    },
  };
}

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    localBackendMeta(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
      // MSW owns the worker slot in development and tests.
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  preview: { port: 4173 },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts', 'functions/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'component',
          environment: 'happy-dom',
          include: ['tests/component/**/*.test.tsx'],
          setupFiles: ['tests/component/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          environment: 'node',
          include: ['tests/integration/**/*.test.ts'],
          globalSetup: ['tests/support/global-backend.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/support/global-backend.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
