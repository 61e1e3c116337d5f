/**
 * Calendar dates as 'YYYY-MM-DD' text: the shop's day (delivery date, closed
 * dates, holidays) is a date on the wall calendar, not an instant, so it is
 * kept as text and compared as text. Arithmetic goes through Date.UTC only
 * because UTC has no daylight-saving jumps: the machine's zone never matters.
 */

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' for a year, month (1–12) and day. */
export function isoDate(year: number, month: number, day: number): string {
  return fromEpochDay(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** True for a real calendar date written 'YYYY-MM-DD' (refuses '2026-02-30'). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  return isoDate(Number(match[1]), Number(match[2]), Number(match[3])) === text;
}

function toEpochDay(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS;
}

function fromEpochDay(epochDay: number): string {
  const value = new Date(epochDay * DAY_MS);
  const year = String(value.getUTCFullYear()).padStart(4, '0');
  const month = String(value.getUTCMonth() + 1).padStart(2, '0');
  const day = String(value.getUTCDate()).padStart(2, '0');
  return `${year}-${month}-${day}`;
}

export function addDays(date: string, days: number): string {
  return fromEpochDay(toEpochDay(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return toEpochDay(to) - toEpochDay(from);
}

export function isoWeekday(date: string): IsoWeekday {
  const sundayFirst = new Date(toEpochDay(date) * DAY_MS).getUTCDay();
  return (sundayFirst === 0 ? 7 : sundayFirst) as IsoWeekday;
}
