import { resolve } from 'node:path';
import type { AliasOptions } from 'vite';
import { ROOT } from './paths.ts';

/**
 * The browser's build takes React's and React DOM's production files
 * directly: the packages' entry files only choose between development and
 * production, and React DOM's run React DevTools' check that the build was
 * minified, which every first load would carry.
 */
export const PRODUCTION_REACT = (
  [
    [/^react-dom\/client$/, 'react-dom/cjs/react-dom-client.production.js'],
    [/^react-dom$/, 'react-dom/cjs/react-dom.production.js'],
    [/^scheduler$/, 'scheduler/cjs/scheduler.production.js'],
    [/^react$/, 'react/cjs/react.production.js'],
    [/^react\/jsx-runtime$/, 'react/cjs/react-jsx-runtime.production.js'],
  ] as const
).map(([find, file]) => ({ find, replacement: resolve(ROOT, 'node_modules', file) })) satisfies AliasOptions;
