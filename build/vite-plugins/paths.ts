import { resolve } from 'node:path';

/** The repository's root: the plugins name files of the app and of node_modules from it. */
export const ROOT = resolve(import.meta.dirname, '../..');
