import type { Plugin, Rolldown } from 'vite';
import { ROOT } from './paths.ts';
import { REACT_DOM_CHUNK } from './preload-react-dom.ts';

/** V8's explicit compile hint (Chrome 136+, ignored elsewhere): compile every function of the file at once. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
/** The app's own modules (not a library's, nor a bundler's helpers). */
const APP_MODULE = `${ROOT}/src/`;

/**
 * Lazily compiled, the functions a page calls while it starts are compiled
 * one by one on the main thread as they are first called; with the hint V8
 * compiles a file's functions eagerly while it streams in, off the main
 * thread (docs/decisions/017-compile-hints.md). Hinted: the app's own chunks
 * (a chunk is the code of one feature, which runs when it loads) and React
 * DOM, all of which hydration runs. Not hinted: the other libraries split out
 * on demand (Dexie, supabase-js), of which a page calls a small part, and
 * Rolldown's few helpers. The hint is part of the chunk's hash, and it stays
 * the file's first line (V8 reads it there), so it goes in after Vite's own
 * prologue.
 */
export function compileHints(): Plugin {
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
