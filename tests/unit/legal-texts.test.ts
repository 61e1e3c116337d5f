import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WITHDRAWAL_FORM_BYTES, WITHDRAWAL_FORM_FILE, formatFileSize } from '../../src/features/legal/withdrawal-form.ts';

/** Issue 19: no trace of the closed EU ODR platform, and the model withdrawal form is what /terms says it is. */

const ROOT = resolve(import.meta.dirname, '..', '..');
const TEXT = new Set(['.ts', '.tsx', '.html', '.css', '.json', '.svg', '.webmanifest', '.txt', '.md', '.sql', '.toml']);
/** The EU ODR platform (closed 20 July 2025): its name, its address, the Polish 'platforma ODR'. */
const ODR = [/\bODR\b/, /ec\.europa\.eu\/consumers\/odr/i, /platform\w*\s+(ODR|internetowego rozstrzygania sporów)/i];

function textFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return textFilesUnder(path);
    return TEXT.has(extname(name)) ? [path] : [];
  });
}

describe('legal texts', () => {
  it('nothing the app ships, sends or renders mentions the ODR platform', () => {
    const files = [
      ...textFilesUnder(join(ROOT, 'src')),
      ...textFilesUnder(join(ROOT, 'public')),
      ...textFilesUnder(join(ROOT, 'functions')),
      ...textFilesUnder(join(ROOT, 'supabase', 'templates')),
      ...textFilesUnder(join(ROOT, 'scripts', 'withdrawal-form')),
      join(ROOT, 'index.html'),
    ];
    expect(files.length).toBeGreaterThan(100);
    const mentions = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return ODR.filter((pattern) => pattern.test(text)).map((pattern) => `${relative(ROOT, file)}: ${pattern}`);
    });
    expect(mentions).toEqual([]);
  });

  it('the model withdrawal form is in public/ as a PDF of the size /terms states', () => {
    const file = join(ROOT, 'public', WITHDRAWAL_FORM_FILE);
    const bytes = readFileSync(file);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(formatFileSize(bytes.length)).toBe(formatFileSize(WITHDRAWAL_FORM_BYTES));
    // Small enough for a weak connection (and never precached: the worker's globs take no .pdf).
    expect(bytes.length).toBeLessThan(100 * 1024);
  });

  it('says sizes as Polish readers expect', () => {
    expect(formatFileSize(37_060)).toBe('36 kB');
    expect(formatFileSize(300)).toBe('1 kB');
    expect(formatFileSize(1_572_864)).toBe('1,5 MB');
  });
});
