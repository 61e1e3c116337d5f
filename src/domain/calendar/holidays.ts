/**
 * Polish public holidays (dni wolne od pracy, ustawa z 18 stycznia 1951 r.)
 * for any year: the fixed dates, the four that follow Easter, and Wigilia
 * (24 December), a public holiday from 2025 on; and the working days they
 * leave (Monday to Friday without them), which payment deadlines and courier
 * dispatch count.
 */

import { addDays, isoDate, isoWeekday } from './calendar-date.ts';

export const POLISH_HOLIDAY_IDS = [
  'new-year',
  'epiphany',
  'easter-sunday',
  'easter-monday',
  'labour-day',
  'constitution-day',
  'pentecost',
  'corpus-christi',
  'assumption',
  'all-saints',
  'independence-day',
  'christmas-eve',
  'christmas-day',
  'boxing-day',
] as const;
export type PolishHolidayId = (typeof POLISH_HOLIDAY_IDS)[number];

export const POLISH_HOLIDAY_NAMES: Record<PolishHolidayId, string> = {
  'new-year': 'Nowy Rok',
  epiphany: 'Święto Trzech Króli',
  'easter-sunday': 'Wielkanoc',
  'easter-monday': 'Poniedziałek Wielkanocny',
  'labour-day': 'Święto Pracy',
  'constitution-day': 'Święto Konstytucji 3 Maja',
  pentecost: 'Zielone Świątki',
  'corpus-christi': 'Boże Ciało',
  assumption: 'Wniebowzięcie Najświętszej Maryi Panny',
  'all-saints': 'Wszystkich Świętych',
  'independence-day': 'Narodowe Święto Niepodległości',
  'christmas-eve': 'Wigilia Bożego Narodzenia',
  'christmas-day': 'Boże Narodzenie (pierwszy dzień)',
  'boxing-day': 'Boże Narodzenie (drugi dzień)',
};

/** The first year 24 December is a public holiday (the 2024 amendment). */
const CHRISTMAS_EVE_FROM = 2025;

export interface PolishHoliday {
  id: PolishHolidayId;
  /** 'YYYY-MM-DD'. */
  date: string;
  name: string;
}

/** Western (Gregorian) Easter Sunday, by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDate(year, month, day);
}

/** The year's public holidays in date order. */
export function polishHolidays(year: number): PolishHoliday[] {
  const easter = easterSunday(year);
  const dates: [PolishHolidayId, string][] = [
    ['new-year', isoDate(year, 1, 1)],
    ['epiphany', isoDate(year, 1, 6)],
    ['easter-sunday', easter],
    ['easter-monday', addDays(easter, 1)],
    ['labour-day', isoDate(year, 5, 1)],
    ['constitution-day', isoDate(year, 5, 3)],
    ['pentecost', addDays(easter, 49)],
    ['corpus-christi', addDays(easter, 60)],
    ['assumption', isoDate(year, 8, 15)],
    ['all-saints', isoDate(year, 11, 1)],
    ['independence-day', isoDate(year, 11, 11)],
    ['christmas-eve', isoDate(year, 12, 24)],
    ['christmas-day', isoDate(year, 12, 25)],
    ['boxing-day', isoDate(year, 12, 26)],
  ];
  return dates
    .filter(([id]) => id !== 'christmas-eve' || year >= CHRISTMAS_EVE_FROM)
    .map(([id, date]) => ({ id, date, name: POLISH_HOLIDAY_NAMES[id] }))
    .sort((left, right) => left.date.localeCompare(right.date));
}

/** The public holiday on a 'YYYY-MM-DD' date, or null. */
export function polishHolidayOn(date: string): PolishHoliday | null {
  return polishHolidays(Number(date.slice(0, 4))).find((holiday) => holiday.date === date) ?? null;
}

/** Monday to Friday, not a public holiday (whatever the shop's own holiday switches say). */
export function isWorkingDay(date: string): boolean {
  return isoWeekday(date) <= 5 && polishHolidayOn(date) === null;
}

/** The `count`-th working day after `date` ('YYYY-MM-DD'); `date` itself never counts. */
export function nthWorkingDayAfter(date: string, count: number): string {
  let day = date;
  for (let left = count; left > 0;) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}
