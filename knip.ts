import type { KnipConfig } from 'knip';

/*
 * `npm run lint` fails on unused files, exports and dependencies. Knip's
 * plugins read the rest from the project's own config: vite.config.ts (the
 * app's entry, the PWA worker src/sw.ts, the vitest projects and their setup
 * files), the TanStack Router file routes in src/routes, and the package.json
 * scripts (server/local-backend/main.ts and db/reset.ts, server/app/app-server.ts,
 * scripts/*, bench/run.ts). Below only what no config names.
 */
const config: KnipConfig = {
  entry: [
    // The server-rendering bundle: `vite build --ssr src/entry-server.tsx`.
    'src/entry-server.tsx',
    // The service worker: vite-plugin-pwa builds it (build/vite-plugins/service-worker.ts names it).
    'src/sw.ts',
    // Each Edge Function: `Deno.serve(handler)`, bundled by scripts/build-functions.ts.
    'functions/*/index.ts',
    // Given by path to other processes: Deno's --preload, the load generator bench/load-test.ts spawns.
    'server/local-backend/functions/deno/*.ts',
    'bench/load-orders.ts',
    // Run by hand after every `npm install` (docs/decisions/004-lockfile-platform-entries.md).
    'scripts/complete-lockfile.mjs',
    // Run by hand after editing the model withdrawal form's HTML (its PDF is committed in public/).
    'scripts/build-withdrawal-form.ts',
  ],
  project: [
    'src/**/*.{ts,tsx,css}',
    'functions/**/*.ts',
    'server/**/*.ts',
    'scripts/**/*.{ts,mjs}',
    'build/**/*.ts',
    'bench/**/*.ts',
    'tests/**/*.{ts,tsx}',
    'mocks/**/*.ts',
  ],
  // An export its own module uses is not dead code; one nothing uses is.
  ignoreExportsUsedInFile: true,
  // The generated database types keep every helper `supabase gen types` writes, used or not.
  ignoreIssues: { 'src/domain/database.types.ts': ['exports', 'types'] },
  // A system program, not an npm one: .ci/run installs it (Debian's libxml2-utils) for the FA(3) schema tests.
  ignoreBinaries: ['xmllint'],
};

export default config;
