import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Dates reach the screen and the mail through one module, so every instant
 * is shown on Warsaw's clock and every formatter is built once. The clock
 * itself (calendar/warsaw-clock.ts) reads Warsaw's wall time through Intl as well.
 */

const root = resolve(import.meta.dirname, '../..');
const ALLOWED = ['src/domain/polish-date.ts', 'src/domain/calendar/warsaw-clock.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('date formatting', () => {
  it('builds Intl date formatters only in src/domain/polish-date.ts (and the Warsaw clock)', () => {
    const builders = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'functions'))]
      .map((path) => relative(root, path))
      .filter((path) => !ALLOWED.includes(path))
      .filter((path) => /new Intl\.DateTimeFormat\(|\.toLocale(Date|Time)?String\(/.test(readFileSync(join(root, path), 'utf8')));
    expect(builders).toEqual([]);
  });
});
