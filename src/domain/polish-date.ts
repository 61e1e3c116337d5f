import { addDays, isoWeekday } from './calendar-date.ts';
import { warsawWallClock } from './warsaw-time.ts';

/** Calendar days and shop deadlines as a Polish reader reads them; one home for the weekday names. */

const WEEKDAYS = ['poniedziałek', 'wtorek', 'środa', 'czwartek', 'piątek', 'sobota', 'niedziela'] as const;

export function weekdayName(date: string): string {
  return WEEKDAYS[isoWeekday(date) - 1] ?? '';
}

/** '2026-11-28' → '28.11.2026 (sobota)'. */
export function formatPolishDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}.${month}.${year} (${weekdayName(date)})`;
}

/**
 * A deadline as a moment in Warsaw: 'do końca dnia 30.11.2026 (poniedziałek)'
 * for one at midnight, 'do 26.11.2026 (czwartek), godz. 12:00' otherwise.
 */
export function deadlineText(instant: number): string {
  const { date, minutes } = warsawWallClock(instant);
  if (minutes === 0) return `do końca dnia ${formatPolishDate(addDays(date, -1))}`;
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `do ${formatPolishDate(date)}, godz. ${time}`;
}
