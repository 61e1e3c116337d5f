import { describe, expect, it } from 'vitest';
import { grosz } from './money.ts';
import { csvAmount, dateRangeProblem, previousMonth, toCsv } from './csv.ts';

describe('toCsv', () => {
  it('starts with a BOM, separates with semicolons and ends every line with CRLF', () => {
    const file = toCsv(['Numer', 'Kwota'], [['KT1', { amount: grosz(12_050) }]]);
    expect(file).toBe('\uFEFFNumer;Kwota\r\nKT1;120,50\r\n');
  });

  it('quotes fields with a semicolon, a quote or a line break, doubling the quotes (RFC 4180)', () => {
    const file = toCsv(['a', 'b', 'c'], [['Kwiaty; róże', 'Pani "Ania"', 'dwie\nlinie']]);
    expect(file.split('\r\n')[1]).toBe('"Kwiaty; róże";"Pani ""Ania""";"dwie\nlinie"');
  });

  it('keeps Polish letters as UTF-8', () => {
    const bytes = new TextEncoder().encode(toCsv(['Zażółć'], []));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toContain('Zażółć');
  });

  it('guards cells a spreadsheet would run as a formula', () => {
    const file = toCsv(['x'], [['=HYPERLINK("http://zlo")'], ['+48 501'], ['-1'], ['@SUM(A1)'], ['\tx'], ['zwykły']]);
    expect(file.split('\r\n').slice(1, 7)).toEqual([`"'=HYPERLINK(""http://zlo"")"`, "'+48 501", "'-1", "'@SUM(A1)", "'\tx", 'zwykły']);
  });

  it('writes amounts as numbers, a negative one unguarded, and empty for null', () => {
    expect(toCsv(['a', 'b'], [[{ amount: grosz(-4_900) }, null]]).split('\r\n')[1]).toBe('-49,00;');
  });
});

describe('csvAmount', () => {
  it('uses a decimal comma and no grouping', () => {
    expect(csvAmount(grosz(0))).toBe('0,00');
    expect(csvAmount(grosz(5))).toBe('0,05');
    expect(csvAmount(grosz(123_456_789))).toBe('1234567,89');
  });
});

describe('previousMonth and dateRangeProblem', () => {
  it('defaults to the whole previous month, across a year', () => {
    expect(previousMonth('2026-11-28')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(previousMonth('2027-01-01')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(previousMonth('2028-03-15')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('refuses a reversed, malformed or too long range', () => {
    expect(dateRangeProblem({ from: '2026-11-01', to: '2026-11-30' })).toBeNull();
    expect(dateRangeProblem({ from: '2026-11-30', to: '2026-11-01' })).toMatch(/nie może być późniejsza/);
    expect(dateRangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toMatch(/RRRR-MM-DD/);
    expect(dateRangeProblem({ from: '2025-01-01', to: '2026-11-01' })).toMatch(/366 dni/);
  });
});
