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
        .replace('<meta name="supabase-anon-key" content="" />', `<meta name="supabase-anon-key" content="${backend.anon_key}" />`);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    localBackendMeta(),
    // The server-rendering bundle (src/entry-server.tsx) needs neither the service worker nor the manifest.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        injectRegister: false,
        // The storefront's manifest; vite-plugin-pwa links it from index.html. The back
        // office has its own (public/admin.webmanifest), swapped in on /admin pages.
        manifest: {
          id: '/',
          name: 'Kwiaciarnia Pod Różą',
          short_name: 'Pod Różą',
          description:
            'Rodzinna kwiaciarnia z Birczy koło Przemyśla: świeże i sztuczne kwiaty, znicze, pamiątki i prezenty. Zamów online z dostawą.',
          lang: 'pl',
          dir: 'ltr',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          orientation: 'any',
          // src/styles.css: forest-800 and cream.
          theme_color: '#1c4833',
          background_color: '#fbf7f1',
          categories: ['shopping', 'lifestyle'],
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
          screenshots: [
            {
              src: '/screenshots/shop-narrow.png',
              sizes: '390x844',
              type: 'image/png',
              form_factor: 'narrow',
              label: 'Sklep na telefonie: kategorie i produkty',
            },
            {
              src: '/screenshots/shop-wide.png',
              sizes: '1280x800',
              type: 'image/png',
              form_factor: 'wide',
              label: 'Sklep na komputerze: kategorie i produkty',
            },
          ],
          shortcuts: [
            { name: 'Sklep', url: '/shop', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
            { name: 'Koszyk', url: '/cart', icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
          ],
        },
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
          // Only the browser's install sheet shows the screenshots: not worth precaching.
          globIgnores: ['screenshots/**'],
        },
        // MSW owns the worker slot in development and tests.
        devOptions: { enabled: false },
      }),
  ],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore built in: the router's store needs the selector helper, not the shim for React 17.
      { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
    ],
  },
  build: {
    target: 'es2022',
    copyPublicDir: !isSsrBuild,
    modulePreload: {
      polyfill: false,
      // index.html keeps its modulepreload links; lazy chunks fetch their own imports. A dependency table for every
      // dynamic import would put ~1.5 KiB into the first load of every page, while after the first visit the
      // service worker serves every chunk from its cache anyway.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    sourcemap: false,
    rollupOptions: {
      output: isSsrBuild
        ? // One file: the local server reloads it after a rebuild, and a reloaded entry must not share chunks with the old one.
          { codeSplitting: false }
        : {
            // What every page loads first (React, the router, the app shell) as one file: it compresses better
            // than the dozen slivers the splitter would otherwise cut it into.
            advancedChunks: {
              groups: [{ name: 'initial', tags: ['$initial'] }],
            },
          },
    },
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
}));
