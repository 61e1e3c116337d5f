import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
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

/** The list the service worker caches on the owner's device (src/sw.ts, docs/decisions/011-admin-precache-split.md). */
const ADMIN_ASSETS_FILE = 'admin-assets.json';
/** The back office's route files: their split chunks are where its code begins. */
const ADMIN_ROUTE = /\/src\/routes\/admin(?:\.tsx|\/)/;
/** supabase-js: a visitor loads it only to sign in, and only then does the worker keep it (its chunk: it and its own dependencies). */
const ON_DEMAND_MODULE = /\/node_modules\/@supabase\//;
/** Public files only the installed back office uses. */
const ADMIN_PUBLIC_FILE = /^(?:admin\.webmanifest|icons\/admin-.+)$/;

/** What the storefront's precache leaves out, filled by `precacheSplit` while the client bundle is written. */
const precacheLeavesOut = { admin: new Set<string>(), onDemand: new Set<string>() };

/**
 * Splits the build for the service worker (issue 22): the chunks reachable
 * from the entry without passing through a back-office route are the
 * storefront's; every other chunk (and CSS or worker file only those use) is
 * the back office's and goes to dist/admin-assets.json instead of a
 * visitor's precache. Chunks of supabase-js (and its dependencies) are loaded on demand
 * (a visitor's device keeps them once used; the owner's with the back office).
 */
function precacheSplit(): Plugin {
  return {
    name: 'kwiaciarnia-precache-split',
    apply: 'build',
    generateBundle(_options, bundle: Rolldown.OutputBundle) {
      const chunks = Object.values(bundle).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const isAdminRoot = (chunk: Rolldown.OutputChunk) =>
        chunk.isDynamicEntry && ADMIN_ROUTE.test((chunk.facadeModuleId ?? '').split('?')[0] ?? '');
      const storefront = new Set<string>();
      const queue = chunks.filter((chunk) => chunk.isEntry);
      while (queue.length > 0) {
        const chunk = queue.pop()!;
        if (storefront.has(chunk.fileName) || isAdminRoot(chunk)) continue;
        storefront.add(chunk.fileName);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) {
          const target = byName.get(next);
          if (target) queue.push(target);
        }
      }
      const storefrontCss = new Set(
        chunks.filter((chunk) => storefront.has(chunk.fileName)).flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]),
      );
      const admin = precacheLeavesOut.admin;
      const onDemand = precacheLeavesOut.onDemand;
      admin.clear();
      onDemand.clear();
      for (const chunk of chunks) {
        if (!storefront.has(chunk.fileName)) {
          admin.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) if (!storefrontCss.has(css)) admin.add(css);
        } else if (
          chunk.moduleIds.some((id) => ON_DEMAND_MODULE.test(id)) &&
          chunk.moduleIds.every((id) => id.includes('/node_modules/'))
        ) {
          onDemand.add(chunk.fileName);
        }
      }
      // A worker's file (photo processing) is an asset named in the code of the chunks that start it.
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.js')) continue;
        const users = chunks.filter((chunk) => chunk.code.includes(file.fileName.split('/').pop()!));
        if (users.length > 0 && users.every((chunk) => admin.has(chunk.fileName))) admin.add(file.fileName);
      }
      const publicAdmin = listFiles('public').filter((file) => ADMIN_PUBLIC_FILE.test(file));
      publicAdmin.forEach((file) => admin.add(file));
      // The owner's device keeps supabase-js with the back office: the admin app restores its session offline.
      const ownerDevice = [...admin, ...onDemand].sort().map((file) => `/${file}`);
      this.emitFile({ type: 'asset', fileName: ADMIN_ASSETS_FILE, source: `${JSON.stringify(ownerDevice)}\n` });
    },
  };
}

/**
 * The chunk group of what every page loads first (rolldown's '$initial' tag:
 * the entry and what it imports statically). A module only ever imported
 * dynamically (the footer, the cookie banner) keeps its own chunk: the tag
 * also took in small ones.
 */
function initialChunkName(): (moduleId: string, context: Rolldown.ChunkingContext) => string | null {
  return (moduleId, context) => {
    const info = context.getModuleInfo(moduleId);
    return info && info.importers.length === 0 && info.dynamicImporters.length > 0 ? null : 'initial';
  };
}

/** React DOM and the scheduler only its client uses: src/main.tsx imports them dynamically, as a chunk of their own. */
const REACT_DOM = /[\\/]node_modules[\\/](?:react-dom|scheduler)[\\/]/;
const REACT_DOM_CHUNK = 'react-dom-client';

/**
 * The browser's build takes React's and React DOM's production files
 * directly: the packages' entry files only choose between development and
 * production, and React DOM's run React DevTools' check that the build was
 * minified (issue 22: 0.17 KiB of every first load).
 */
const PRODUCTION_REACT = (
  [
    [/^react-dom\/client$/, 'react-dom/cjs/react-dom-client.production.js'],
    [/^react-dom$/, 'react-dom/cjs/react-dom.production.js'],
    [/^scheduler$/, 'scheduler/cjs/scheduler.production.js'],
    [/^react$/, 'react/cjs/react.production.js'],
    [/^react\/jsx-runtime$/, 'react/cjs/react-jsx-runtime.production.js'],
  ] as const
).map(([find, file]) => ({ find, replacement: resolve(import.meta.dirname, 'node_modules', file) }));

/**
 * Every page needs React DOM at once: index.html preloads its chunk beside
 * the entry, so the dynamic import in src/main.tsx waits for no second
 * round trip.
 */
function preloadReactDom(): Plugin {
  return {
    name: 'kwiaciarnia-preload-react-dom',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = Object.values(context.bundle ?? {}).find((file) => file.type === 'chunk' && file.name === REACT_DOM_CHUNK);
        if (!chunk) throw new Error(`No ${REACT_DOM_CHUNK} chunk to preload: check REACT_DOM in vite.config.ts`);
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

/** V8's explicit compile hint (Chrome 136+, ignored elsewhere): compile every function of the file at once. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
/** The app's own modules (not a library's, nor a bundler's helpers). */
const APP_MODULE = `${resolve(import.meta.dirname, 'src')}/`;

/**
 * Issue 22: lazily compiled, the functions a page calls while it starts were
 * compiled one by one on the main thread as they were first called (on /shop
 * 350–470 ms of a load at 4× CPU). With the hint V8 compiles a file's
 * functions eagerly while it streams in, off the main thread. Hinted: the
 * app's own chunks (a chunk is the code of one feature, which runs when it
 * loads) and React DOM, all of which hydration runs. Not hinted: the other
 * libraries split out on demand (Dexie, supabase-js), of which a page calls a
 * small part, and Rolldown's few helpers. The hint is part of the chunk's
 * hash, and it stays the file's first line (V8 reads it there), so it goes in
 * after Vite's own prologue.
 */
function compileHints(): Plugin {
  const hinted = (chunk: { name: string; moduleIds: readonly string[] }) =>
    chunk.name === REACT_DOM_CHUNK || chunk.moduleIds.some((id) => id.startsWith(APP_MODULE));
  return {
    name: 'kwiaciarnia-compile-hints',
    apply: 'build',
    augmentChunkHash: (chunk) => (hinted(chunk) ? COMPILE_HINT : undefined),
    generateBundle: {
      order: 'post',
      handler(_options, bundle: Rolldown.OutputBundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !hinted(file)) continue;
          file.code = COMPILE_HINT + file.code;
          // One generated line more at the top: an empty first line in the mappings.
          const mapFile = bundle[`${file.fileName}.map`];
          if (file.map && mapFile?.type === 'asset') {
            file.map.mappings = `;${file.map.mappings}`;
            mapFile.source = file.map.toString();
          }
        }
      },
    },
  };
}

/** Vite's id for the helper that wraps every dynamic import of a build (vite: src/node/plugins/importAnalysisBuild.ts). */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * Vite's preload helper, which every dynamic import goes through, replaced by
 * src/lib/preload-helper.ts: a lazy chunk's stylesheets without Vite's
 * modulepreload, nonce and relative-base handling, which this build does not
 * use. 0.45 KiB off the entry's gzip (issue 22).
 */
function compactPreloadHelper(): Plugin {
  return {
    name: 'kwiaciarnia-compact-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER_ID ? resolve(import.meta.dirname, 'src/lib/preload-helper.ts') : null),
  };
}

function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listFiles(`${dir}/${entry.name}`, `${prefix}${entry.name}/`) : [`${prefix}${entry.name}`],
  );
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    tailwindcss(),
    localBackendMeta(),
    !isSsrBuild && compactPreloadHelper(),
    !isSsrBuild && precacheSplit(),
    !isSsrBuild && preloadReactDom(),
    !isSsrBuild && compileHints(),
    // The server-rendering bundle (src/entry-server.tsx) needs neither the service worker nor the manifest.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        injectRegister: false,
        // The manifest's icons are the OS's business once installed (see globIgnores).
        includeManifestIcons: false,
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
          // Only the browser's install sheet shows the screenshots, and the OS keeps an installed app's icon: not worth
          // precaching. The favicon (svg) and the apple-touch icon the pages link stay.
          globIgnores: ['screenshots/**', 'icons/icon-*.png', 'icons/maskable-*.png'],
          // The back office and supabase-js stay out of a visitor's precache (issue 22; precacheSplit above).
          manifestTransforms: [
            (entries) => {
              const leftOut = (url: string) => precacheLeavesOut.admin.has(url) || precacheLeavesOut.onDemand.has(url);
              const manifest = entries.filter((entry) => !leftOut(entry.url.replace(/^\//, '')));
              return { manifest, warnings: [] };
            },
          ],
        },
        // MSW owns the worker slot in development and tests.
        devOptions: { enabled: false },
      }),
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
            // What every page loads first (React, the router, the app shell) as one file: it compresses better
            // than the dozen slivers the splitter would otherwise cut it into.
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
}));
