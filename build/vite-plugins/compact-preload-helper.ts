import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { ROOT } from './paths.ts';

/** Vite's id for the helper that wraps every dynamic import of a build (vite: src/node/plugins/importAnalysisBuild.ts). */
const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * Vite's preload helper, which every dynamic import goes through, replaced by
 * src/lib/preload-helper.ts: a lazy chunk's stylesheets without Vite's
 * modulepreload, nonce and relative-base handling, which this build does not
 * use (docs/decisions/014-compact-preload-helper.md).
 */
export function compactPreloadHelper(): Plugin {
  return {
    name: 'kwiaciarnia-compact-preload-helper',
    apply: 'build',
    enforce: 'pre',
    resolveId: (id) => (id === PRELOAD_HELPER_ID ? resolve(ROOT, 'src/lib/preload-helper.ts') : null),
  };
}
