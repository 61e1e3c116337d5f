import { addDays, isoWeekday, type IsoWeekday } from './calendar/calendar-date.ts';
import { formatClockTime } from './calendar/time-of-day.ts';
import { SHOP_TIME_ZONE, warsawWallClock } from './calendar/warsaw-clock.ts';

/**
 * Dates and times as a Polish reader reads them: the one home for weekday
 * names and for Intl date formatting. Instants are always shown on Warsaw's
 * clock, whatever the zone of the server or the phone; calendar dates
 * ('YYYY-MM-DD') are shown as they are, never shifted by a zone.
 */

const WEEKDAYS = ['poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota', 'niedziela'] as const;
const WEEKDAYS_SHORT = ['pon.', 'wt.', 'śr.', 'czw.', 'pt.', 'sob.', 'niedz.'] as const;

/** 1 → 'poniedziałek' … 7 → 'niedziela'. */
export function weekdayNameOf(weekday: IsoWeekday): string {
  return WEEKDAYS[weekday - 1] ?? '';
}

/** '2026-11-25' → 'środa'. */
export function weekdayName(date: string): string {
  return weekdayNameOf(isoWeekday(date));
}

/** '2026-11-25' → 'śr.'. */
export function weekdayShort(date: string): string {
  return WEEKDAYS_SHORT[isoWeekday(date) - 1] ?? '';
}

/** '2026-11-28' → '28.11.2026'. */
export function numericDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year}`;
}

/** '2026-11-25' (or a yearly '11-25') → '25.11'. */
export function numericDayMonth(date: string): string {
  const [month, day] = date.slice(-5).split('-');
  return `${day}.${month}`;
}

const MONTHS_GENITIVE = [
  'stycznia',
  'lutego',
  'marca',
  'kwietnia',
  'maja',
  'czerwca',
  'lipca',
  'sierpnia',
  'września',
  'października',
  'listopada',
  'grudnia',
] as const;

/** '2026-11-01' → '1 listopada' (without Intl: the home page shows it, where building a formatter is a long task). */
export function dayAndMonth(date: string): string {
  const [, month, day] = date.split('-');
  return `${Number(day)} ${MONTHS_GENITIVE[Number(month) - 1] ?? ''}`;
}

/** '2026-11-28' → '28.11.2026 (sobota)'. */
export function formatPolishDate(date: string): string {
  return `${numericDate(date)} (${weekdayName(date)})`;
}

/**
 * A deadline as a moment in Warsaw: 'do końca dnia 30.11.2026 (poniedziałek)'
 * for one at midnight, 'do 26.11.2026 (czwartek), godz. 12:00' otherwise.
 */
export function deadlineText(instant: number): string {
  const { date, minutes } = warsawWallClock(instant);
  if (minutes === 0) return `do końca dnia ${formatPolishDate(addDays(date, -1))}`;
  return `do ${formatPolishDate(date)}, godz. ${formatClockTime(minutes)}`;
}

// Each formatter is built once, on first use: building one loads locale and zone data, which need not happen on import.
function polishFormat(options: Intl.DateTimeFormatOptions): (at: number) => string {
  let formatter: Intl.DateTimeFormat | undefined;
  return (at) => (formatter ??= new Intl.DateTimeFormat('pl-PL', options)).format(at);
}

// A calendar date is read as UTC midnight and formatted in UTC, so no zone can move it to another day.
const CALENDAR: Intl.DateTimeFormatOptions = { timeZone: 'UTC' };
const WARSAW: Intl.DateTimeFormatOptions = { timeZone: SHOP_TIME_ZONE };

const longDay = /* @__PURE__ */ polishFormat({ ...CALENDAR, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const mediumDay = /* @__PURE__ */ polishFormat({ ...CALENDAR, dateStyle: 'medium' });
const shortMonth = /* @__PURE__ */ polishFormat({ ...CALENDAR, month: 'short', year: 'numeric' });
const longDateTime = /* @__PURE__ */ polishFormat({ ...WARSAW, dateStyle: 'long', timeStyle: 'short' });
const mediumDateTime = /* @__PURE__ */ polishFormat({ ...WARSAW, dateStyle: 'medium', timeStyle: 'short' });
const shortDateTime = /* @__PURE__ */ polishFormat({ ...WARSAW, dateStyle: 'short', timeStyle: 'short' });

/** Formats a calendar date; a text that is no date is returned as it came. */
function calendarDay(date: string, format: (at: number) => string): string {
  const at = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(at) ? date : format(at);
}

/** '2026-11-25' → 'środa, 25 listopada 2026'. */
export function formatLongDay(date: string): string {
  return calendarDay(date, longDay);
}

/** '2026-11-25' → '25 lis 2026'. */
export function formatMediumDay(date: string): string {
  return calendarDay(date, mediumDay);
}

/** '2026-11' → 'lis 2026' (a chart's month label, without the abbreviation's dot). */
export function formatShortMonth(month: string): string {
  return calendarDay(`${month}-15`, shortMonth).replace('.', '');
}

/** An instant as ISO text, epoch ms or a Date. */
export type Instant = string | number | Date;

function instantOf(at: Instant): number {
  return typeof at === 'number' ? at : new Date(at).getTime();
}

/** '30 listopada 2026 10:15' on Warsaw's clock. */
export function formatDateTimeLong(at: Instant): string {
  return longDateTime(instantOf(at));
}

/** '30 lis 2026, 10:15' on Warsaw's clock. */
export function formatDateTimeMedium(at: Instant): string {
  return mediumDateTime(instantOf(at));
}

/** '30.11.2026, 10:15' on Warsaw's clock. */
export function formatDateTimeShort(at: Instant): string {
  return shortDateTime(instantOf(at));
}
