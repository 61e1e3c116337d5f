import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { defineConfig } from 'vitest/config';
import { compactPreloadHelper } from './build/vite-plugins/compact-preload-helper.ts';
import { compileHints } from './build/vite-plugins/compile-hints.ts';
import { initialChunkName } from './build/vite-plugins/initial-chunk.ts';
import { localBackendMeta } from './build/vite-plugins/local-backend-meta.ts';
import { pagePreloads } from './build/vite-plugins/page-preloads.ts';
import { precacheSplit } from './build/vite-plugins/precache-split.ts';
import { preloadReactDom, REACT_DOM, REACT_DOM_CHUNK } from './build/vite-plugins/preload-react-dom.ts';
import { PRODUCTION_REACT } from './build/vite-plugins/production-react.ts';
import { serviceWorker } from './build/vite-plugins/service-worker.ts';

/**
 * The app's build (the browser bundle, then `--ssr` for the server-rendering
 * one) and the Vitest projects. The build's own plugins live in
 * build/vite-plugins, one file each.
 */
export default defineConfig(({ command, isSsrBuild }) => {
  // The precache split's list of the owner's files goes to the service worker's precache step explicitly.
  const precache = precacheSplit();
  return {
    plugins: [
      tanstackRouter({ target: 'react', autoCodeSplitting: true }),
      react(),
      tailwindcss(),
      localBackendMeta(),
      !isSsrBuild && compactPreloadHelper(),
      !isSsrBuild && precache.plugin,
      !isSsrBuild && preloadReactDom(),
      !isSsrBuild && pagePreloads(),
      !isSsrBuild && compileHints(),
      // The server-rendering bundle (src/entry-server.tsx) needs neither the service worker nor the manifest.
      !isSsrBuild && serviceWorker(precache.leftOutOfPrecache),
    ],
    resolve: {
      alias: [
        // React 19 has useSyncExternalStore built in: the router's store needs the selector helper, not the shim for React 17.
        { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: 'use-sync-external-store/with-selector' },
        ...(command === 'build' && !isSsrBuild ? PRODUCTION_REACT : []),
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
      // BUILD_SOURCEMAP=1 for a look at what a chunk is made of; never in a deployed build.
      sourcemap: process.env.BUILD_SOURCEMAP === '1',
      rollupOptions: {
        output: isSsrBuild
          ? // One file: the local server reloads it after a rebuild, and a reloaded entry must not share chunks with the old one.
            { codeSplitting: false }
          : {
              // What every page loads first (React, the router, the app shell) as one file (./build/vite-plugins/initial-chunk.ts).
              advancedChunks: {
                groups: [
                  // React DOM (and its scheduler) apart from React: src/main.tsx imports it dynamically. Not its
                  // dependencies (React itself), which the entry has.
                  { name: REACT_DOM_CHUNK, test: REACT_DOM, includeDependenciesRecursively: false, priority: 1 },
                  { name: initialChunkName(), tags: ['$initial'] },
                ],
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
  };
});
