import { addDays, isIsoDate } from './calendar/calendar-date.ts';
import type { Grosz } from './money.ts';

/**
 * Spreadsheet files for Polish Excel: UTF-8 with a byte-order mark (without
 * it Excel on Windows reads the letters as cp1250), semicolons between fields
 * (Polish Excel takes the comma as the decimal separator), CRLF line ends,
 * fields quoted per RFC 4180 where needed, and a cell that a spreadsheet would
 * run as a formula (= + - @, tab, carriage return first) prefixed with an apostrophe.
 */

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell as written to the file; numbers are written by csvAmount, never guarded (a negative amount stays a number). */
export type CsvCell = string | { amount: Grosz } | null;

function cellText(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'object') return csvAmount(cell.amount);
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

function quoted(text: string): string {
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: a BOM, the header and the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map((cell) => quoted(cellText(cell))).join(SEPARATOR));
  return CSV_BOM + lines.map((line) => line + LINE_END).join('');
}

/** '1234,50', '-49,00': złoty with a decimal comma and no grouping, so a spreadsheet reads it as a number. */
export function csvAmount(amount: Grosz): string {
  const magnitude = Math.abs(amount);
  return `${amount < 0 ? '-' : ''}${Math.floor(magnitude / 100)},${String(magnitude % 100).padStart(2, '0')}`;
}

/** A range of Warsaw dates, both included: 'YYYY-MM-DD'. */
export interface DateRange {
  from: string;
  to: string;
}

/** The whole month before the one `today` falls in: the export's default. */
export function previousMonth(today: string): DateRange {
  const firstOfThisMonth = `${today.slice(0, 7)}-01`;
  const to = addDays(firstOfThisMonth, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

export const DATE_RANGE_ERRORS = {
  invalid: 'Podaj obie daty w formacie RRRR-MM-DD.',
  reversed: 'Data początkowa nie może być późniejsza niż końcowa.',
  tooLong: 'Zakres może obejmować najwyżej 366 dni.',
} as const;

/** Null when the range can be exported, else what is wrong with it (in Polish). */
export function dateRangeProblem(range: DateRange): string | null {
  if (!isIsoDate(range.from) || !isIsoDate(range.to)) return DATE_RANGE_ERRORS.invalid;
  if (range.from > range.to) return DATE_RANGE_ERRORS.reversed;
  if (addDays(range.from, 365) < range.to) return DATE_RANGE_ERRORS.tooLong;
  return null;
}
