import { describe, expect, it } from 'vitest';
import { correctionSeries, DEFAULT_INVOICE_SERIES, invoiceNumber, isValidSeries, seriesKey } from './numbering.ts';

describe('invoice numbering', () => {
  it('fills the year, the month and the counter', () => {
    expect(invoiceNumber(DEFAULT_INVOICE_SERIES, '2027-01-15', 7)).toBe('FV/2027/01/7');
    expect(invoiceNumber('F/{n}/{rok}', '2027-12-31', 12)).toBe('F/12/2027');
  });

  it('counts per the series with the period filled in', () => {
    expect(seriesKey(DEFAULT_INVOICE_SERIES, '2027-01-31')).toBe('FV/2027/01/{n}');
    expect(seriesKey(DEFAULT_INVOICE_SERIES, '2027-02-01')).toBe('FV/2027/02/{n}');
    expect(seriesKey('FV/{rok}/{n}', '2027-02-01')).toBe('FV/2027/{n}');
  });

  it('accepts a series with {n} and known placeholders only', () => {
    expect(isValidSeries(DEFAULT_INVOICE_SERIES)).toBe(true);
    expect(isValidSeries('FV/{rok}')).toBe(false);
    expect(isValidSeries('FV/{dzień}/{n}')).toBe(false);
  });

  it('numbers corrections in their own series', () => {
    expect(invoiceNumber(correctionSeries(DEFAULT_INVOICE_SERIES), '2027-03-02', 1)).toBe('KOR/FV/2027/03/1');
  });

  it('refuses a counter that is not a positive whole number', () => {
    expect(() => invoiceNumber(DEFAULT_INVOICE_SERIES, '2027-01-01', 0)).toThrow(RangeError);
  });
});
