/**
 * Invoice numbers from the owner's series, e.g. 'FV/{rok}/{miesiąc}/{n}'.
 * The series text with {rok} and {miesiąc} filled in is the counter's key:
 * 'FV/{rok}/{n}' counts per year, 'FV/{rok}/{miesiąc}/{n}' per month. The SQL
 * issuing function fills the same placeholders (docs/decisions/036-vat-rates.md).
 */

export const DEFAULT_INVOICE_SERIES = 'FV/{rok}/{miesiąc}/{n}';
export const CORRECTION_SERIES_PREFIX = 'KOR/';

/** A series is usable when it numbers ({n}) and has nothing else in braces. */
export function isValidSeries(series: string): boolean {
  const trimmed = series.trim();
  if (!trimmed.includes('{n}') || trimmed.length > 60) return false;
  const placeholders = trimmed.match(/\{[^}]*\}/g) ?? [];
  return placeholders.every((p) => p === '{n}' || p === '{rok}' || p === '{miesiąc}');
}

/** The counter key: the series for the issue date's year and month, still holding {n}. */
export function seriesKey(series: string, issueDate: string): string {
  const [year = '', month = ''] = issueDate.split('-');
  return series.trim().replaceAll('{rok}', year).replaceAll('{miesiąc}', month);
}

export function invoiceNumber(series: string, issueDate: string, n: number): string {
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`Not an invoice counter: ${n}`);
  return seriesKey(series, issueDate).replaceAll('{n}', String(n));
}

/** Corrections count in their own series: the invoice series with 'KOR/' in front. */
export function correctionSeries(series: string): string {
  return CORRECTION_SERIES_PREFIX + series.trim();
}

/** What P_2 holds until the SQL issuing function puts the number in (public.invoice_issue). */
export const INVOICE_NUMBER_PLACEHOLDER = '{{numer}}';
