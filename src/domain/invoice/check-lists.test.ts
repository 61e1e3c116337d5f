import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INVOICE_JOB_STATES, INVOICE_KINDS, INVOICE_STATES } from './model.ts';
import { VAT_RATES } from './vat.ts';

const MIGRATION = readFileSync(path.resolve(import.meta.dirname, '../../../supabase/migrations/20261130300100_invoices.sql'), 'utf8');

/** The values of `check (<column> in (...))` in the invoices migration, each time it appears. */
function checkLists(column: string): string[][] {
  const pattern = new RegExp(`check \\(${column} in \\(([^)]*)\\)\\)`, 'g');
  return [...MIGRATION.matchAll(pattern)].map((match) => [...match[1]!.matchAll(/'([^']*)'/g)].map((value) => value[1]!));
}

describe('the invoices migration and the domain agree on every CHECK list', () => {
  it.each([
    ['vat_rate', VAT_RATES, 2],
    ['kind', INVOICE_KINDS, 1],
  ] as const)('%s', (column, values, times) => {
    const lists = checkLists(column);
    expect(lists).toHaveLength(times);
    for (const list of lists) expect(list).toEqual([...values]);
  });

  it('the states of invoices and of invoice jobs', () => {
    expect(checkLists('state')).toEqual([[...INVOICE_STATES], [...INVOICE_JOB_STATES]]);
  });
});
