import { describe, expect, it } from 'vitest';
import {
  formatDateTimeLong,
  formatDateTimeMedium,
  formatDateTimeShort,
  formatLongDay,
  formatMediumDay,
  formatPolishDate,
  formatShortMonth,
  numericDate,
  weekdayName,
  weekdayNameOf,
  weekdayShort,
} from './polish-date.ts';

describe('Polish dates', () => {
  it('shows an instant on Warsaw’s clock, not the machine’s: half past eleven UTC is already the next day', () => {
    const lateEvening = '2026-11-27T23:30:00Z';
    expect(formatDateTimeShort(lateEvening)).toBe('28.11.2026, 00:30');
    expect(formatDateTimeMedium(lateEvening)).toBe('28 lis 2026, 00:30');
    expect(formatDateTimeLong(lateEvening)).toBe('28 listopada 2026 00:30');
    expect(formatDateTimeLong(Date.parse(lateEvening))).toBe('28 listopada 2026 00:30');
    expect(formatDateTimeLong(new Date(lateEvening))).toBe('28 listopada 2026 00:30');
  });

  it('follows Warsaw’s summer time', () => {
    expect(formatDateTimeShort('2026-06-30T22:15:00Z')).toBe('1.07.2026, 00:15');
    expect(formatDateTimeShort('2026-06-30T21:15:00Z')).toBe('30.06.2026, 23:15');
  });

  it('shows a calendar date as it is, never shifted a day by a zone', () => {
    expect(formatLongDay('2026-11-25')).toBe('środa, 25 listopada 2026');
    expect(formatLongDay('2026-01-01')).toBe('czwartek, 1 stycznia 2026');
    expect(formatMediumDay('2026-11-18')).toBe('18 lis 2026');
    expect(formatShortMonth('2026-11')).toBe('lis 2026');
    expect(formatShortMonth('2026-05')).toBe('maj 2026');
    expect(numericDate('2026-03-01')).toBe('01.03.2026');
    expect(formatPolishDate('2026-11-28')).toBe('28.11.2026 (sobota)');
  });

  it('keeps a text that is no date as it came', () => {
    expect(formatLongDay('jutro')).toBe('jutro');
  });

  it('names the weekdays, long and short, from one list', () => {
    expect(weekdayName('2026-11-23')).toBe('poniedziałek');
    expect(weekdayName('2026-11-29')).toBe('niedziela');
    expect(weekdayShort('2026-11-25')).toBe('śr.');
    expect(weekdayShort('2026-11-29')).toBe('niedz.');
    expect(weekdayNameOf(6)).toBe('sobota');
  });
});
