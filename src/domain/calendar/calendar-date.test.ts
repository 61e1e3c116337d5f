import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isIsoDate, isoDate, isoWeekday } from './calendar-date.ts';

describe('calendar dates', () => {
  it('accept only real dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
  });

  it('add days across months, years and the daylight-saving change', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-05-11', '2026-07-10')).toBe(60);
    expect(daysBetween('2026-05-11', '2026-05-10')).toBe(-1);
    expect(isoDate(2026, 2, 30)).toBe('2026-03-02');
  });

  it('number weekdays from Monday (1) to Sunday (7)', () => {
    expect(isoWeekday('2026-05-11')).toBe(1);
    expect(isoWeekday('2026-05-16')).toBe(6);
    expect(isoWeekday('2026-05-17')).toBe(7);
  });
});
