import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * `npm start` builds the app only when dist/ is missing or older than its
 * sources, and the function bundles only when they are missing or older than
 * theirs, so a second start does not wait for a build it does not need.
 */
const root = resolve(import.meta.dirname, '..');
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];
const FUNCTION_SOURCES = ['functions', 'src/domain', 'package-lock.json', 'scripts/build-functions.ts'];

function run(script: string): void {
  const result = spawnSync('npm', ['run', script], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** The oldest bundle, or 0 when a function has none yet. */
function oldestBundleMtime(): number {
  const names = readdirSync(join(root, 'functions'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => entry.name);
  return Math.min(...names.map((name) => newestMtime(join(root, 'supabase', 'functions', name, 'index.ts'))));
}

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

// Both halves of the build: the app and the server-rendering bundle.
const builtAt = Math.min(newestMtime(join(root, 'dist', 'index.html')), newestMtime(join(root, 'dist-server', 'entry-server.js')));
const changedAt = Math.max(...SOURCES.map((source) => newestMtime(join(root, source))));
// A hosted build is configured through VITE_* variables: always rebuild then.
const hostedConfig = Boolean(process.env.VITE_SUPABASE_URL);

const functionsChangedAt = Math.max(...FUNCTION_SOURCES.map((source) => newestMtime(join(root, source))));

if (builtAt <= changedAt || hostedConfig) {
  run('build');
} else if (oldestBundleMtime() <= functionsChangedAt) {
  console.log('dist/ is up to date; building the function bundles.');
  run('build:functions');
} else {
  console.log('dist/ and the function bundles are up to date; skipping the build.');
}
