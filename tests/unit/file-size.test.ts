import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * A file a newcomer can read in one sitting: past 450 lines a source file
 * mixes concepts and is split along them; vite.config.ts stays configuration,
 * its plugins living in build/vite-plugins.
 */
const MAX_SOURCE_LINES = 450;
const MAX_VITE_CONFIG_LINES = 150;
const SOURCE = /^(?:src|functions|server|scripts|bench|build)\/.+\.(?:ts|tsx|js|mjs|cjs)$/;
/** Generated (by the router plugin, by `npm run db:types`), and tests, which grow with what they cover. */
const EXEMPT = (path: string) => path === 'src/routeTree.gen.ts' || path === 'src/domain/database.types.ts' || /\.test\.tsx?$/.test(path);

const root = new URL('../../', import.meta.url);
const lineCount = (path: string) => readFileSync(new URL(path, root), 'utf8').split('\n').length - 1;
const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((path) => SOURCE.test(path) && !EXEMPT(path));

describe('file size', () => {
  it('keeps every tracked source file under src/, functions/, server/, scripts/, bench/ and build/ within 450 lines', () => {
    expect(tracked.length).toBeGreaterThan(100);
    const over = tracked.map((path) => ({ path, lines: lineCount(path) })).filter(({ lines }) => lines > MAX_SOURCE_LINES);
    expect(over).toEqual([]);
  });

  it('keeps vite.config.ts within 150 lines', () => {
    expect(lineCount('vite.config.ts')).toBeLessThanOrEqual(MAX_VITE_CONFIG_LINES);
  });
});
