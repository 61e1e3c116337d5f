import { describe, expect, it } from 'vitest';
import { easterSunday, polishHolidayOn, polishHolidays } from './holidays.ts';

const dateOf = (year: number, id: string) => polishHolidays(year).find((holiday) => holiday.id === id)?.date;

describe('Easter-based holidays', () => {
  it.each([
    [2026, '2026-04-05', '2026-04-06', '2026-05-24', '2026-06-04'],
    [2027, '2027-03-28', '2027-03-29', '2027-05-16', '2027-05-27'],
    [2028, '2028-04-16', '2028-04-17', '2028-06-04', '2028-06-15'],
  ])('%i: Wielkanoc %s, Poniedziałek Wielkanocny %s, Zielone Świątki %s, Boże Ciało %s', (year, easter, monday, pentecost, corpus) => {
    expect(easterSunday(year)).toBe(easter);
    expect(dateOf(year, 'easter-sunday')).toBe(easter);
    expect(dateOf(year, 'easter-monday')).toBe(monday);
    expect(dateOf(year, 'pentecost')).toBe(pentecost);
    expect(dateOf(year, 'corpus-christi')).toBe(corpus);
  });

  it('match known Easter dates of other years', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(easterSunday(2285)).toBe('2285-03-22');
  });
});

describe('the year’s holidays', () => {
  it('count Wigilia (24.12) only from 2025', () => {
    expect(polishHolidays(2024).some((holiday) => holiday.date === '2024-12-24')).toBe(false);
    expect(polishHolidays(2024)).toHaveLength(13);
    expect(polishHolidayOn('2025-12-24')?.name).toBe('Wigilia Bożego Narodzenia');
    expect(polishHolidays(2026)).toHaveLength(14);
  });

  it('list the fixed dates with Polish names, in date order', () => {
    const holidays = polishHolidays(2026);
    expect(holidays.map((holiday) => holiday.date)).toEqual([...holidays.map((holiday) => holiday.date)].sort());
    expect(holidays.filter((holiday) => !['easter-sunday', 'easter-monday', 'pentecost', 'corpus-christi'].includes(holiday.id))).toEqual([
      { id: 'new-year', date: '2026-01-01', name: 'Nowy Rok' },
      { id: 'epiphany', date: '2026-01-06', name: 'Święto Trzech Króli' },
      { id: 'labour-day', date: '2026-05-01', name: 'Święto Pracy' },
      { id: 'constitution-day', date: '2026-05-03', name: 'Święto Konstytucji 3 Maja' },
      { id: 'assumption', date: '2026-08-15', name: 'Wniebowzięcie Najświętszej Maryi Panny' },
      { id: 'all-saints', date: '2026-11-01', name: 'Wszystkich Świętych' },
      { id: 'independence-day', date: '2026-11-11', name: 'Narodowe Święto Niepodległości' },
      { id: 'christmas-eve', date: '2026-12-24', name: 'Wigilia Bożego Narodzenia' },
      { id: 'christmas-day', date: '2026-12-25', name: 'Boże Narodzenie (pierwszy dzień)' },
      { id: 'boxing-day', date: '2026-12-26', name: 'Boże Narodzenie (drugi dzień)' },
    ]);
    expect(polishHolidayOn('2026-06-04')?.name).toBe('Boże Ciało');
    expect(polishHolidayOn('2026-06-05')).toBeNull();
  });
});
