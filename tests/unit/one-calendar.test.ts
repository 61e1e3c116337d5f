import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The Warsaw calendar is one small API in src/domain/calendar/: date
 * arithmetic, the clock and holidays. The rules built on it (delivery,
 * payment deadlines, formatting) call it in one direction only, and only the
 * clock module reads the current time, so what can be booked is always
 * decided by the `now` the server passes in.
 */

const root = resolve(import.meta.dirname, '../..');
const CALENDAR = 'src/domain/calendar';
const CLOCK = `${CALENDAR}/warsaw-clock.ts`;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The repository paths a file imports through relative specifiers. */
function relativeImports(path: string): string[] {
  const text = readFileSync(join(root, path), 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) =>
    relative(root, resolve(join(root, dirname(path)), match[1] ?? '')),
  );
}

describe('the Warsaw calendar', () => {
  it('lives in src/domain/calendar/, the old scattered modules gone', () => {
    expect(sourceFiles(CALENDAR).sort()).toEqual(
      ['calendar-date.ts', 'holidays.ts', 'time-of-day.ts', 'warsaw-clock.ts'].map((name) => `${CALENDAR}/${name}`),
    );
    for (const old of ['calendar-date', 'warsaw-time', 'polish-holidays', 'time-of-day']) {
      expect(existsSync(join(root, `src/domain/${old}.ts`)), old).toBe(false);
    }
  });

  it('imports nothing outside itself: delivery and formatting call the calendar, never the other way', () => {
    const outward = sourceFiles(CALENDAR).flatMap((path) =>
      relativeImports(path)
        .filter((target) => !target.startsWith(`${CALENDAR}/`))
        .map((target) => `${path} → ${target}`),
    );
    expect(outward).toEqual([]);
  });

  it('is the only domain or delivery-function code that reads the current time', () => {
    const files = [
      ...sourceFiles('src/domain'),
      ...sourceFiles('functions/place-order'),
      ...sourceFiles('functions/delivery-availability'),
      ...sourceFiles('functions/calculate-delivery'),
      'functions/_shared/delivery-bookings.ts',
    ];
    const readers = files
      .filter((path) => path !== CLOCK)
      .filter((path) => /Date\.now\(\)|new Date\(\s*\)/.test(readFileSync(join(root, path), 'utf8')));
    expect(readers).toEqual([]);
    expect(readFileSync(join(root, CLOCK), 'utf8')).toMatch(/Date\.now\(\)/);
  });
});
