import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { addDays, isoDate } from './calendar-date.ts';
import { warsawDate, warsawDaysBefore, warsawInstant, warsawWallClock } from './warsaw-clock.ts';

const utc = (iso: string) => Date.parse(iso);

describe('warsawInstant', () => {
  it('reads winter wall time as UTC+1 and summer wall time as UTC+2', () => {
    expect(warsawInstant('2026-01-15', 9 * 60)).toBe(utc('2026-01-15T08:00:00Z'));
    expect(warsawInstant('2026-07-15', 9 * 60)).toBe(utc('2026-07-15T07:00:00Z'));
  });

  it('puts 9:00 on the spring change day (2026-03-29) in summer time, and the day before in winter time', () => {
    expect(warsawInstant('2026-03-28', 9 * 60)).toBe(utc('2026-03-28T08:00:00Z'));
    expect(warsawInstant('2026-03-29', 9 * 60)).toBe(utc('2026-03-29T07:00:00Z'));
    expect(warsawInstant('2026-03-29', 15 * 60 + 30)).toBe(utc('2026-03-29T13:30:00Z'));
  });

  it('puts 9:00 on the autumn change day (2026-10-25) in winter time, and the day before in summer time', () => {
    expect(warsawInstant('2026-10-24', 9 * 60)).toBe(utc('2026-10-24T07:00:00Z'));
    expect(warsawInstant('2026-10-25', 9 * 60)).toBe(utc('2026-10-25T08:00:00Z'));
  });

  it('reads the hour that happens twice as its first occurrence, and the skipped hour as after the jump', () => {
    expect(warsawInstant('2026-10-25', 2 * 60 + 30)).toBe(utc('2026-10-25T00:30:00Z'));
    expect(warsawInstant('2026-03-29', 2 * 60 + 30)).toBe(utc('2026-03-29T01:30:00Z'));
  });

  it('round-trips every real wall time of 2020–2032 through warsawWallClock', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 13 * 366 }), fc.integer({ min: 0, max: 24 * 60 - 1 }), (dayIndex, minutes) => {
        const date = addDays('2020-01-01', dayIndex);
        const instant = warsawInstant(date, minutes);
        const wall = warsawWallClock(instant);
        const inSpringGap = wall.minutes !== minutes;
        // Only the skipped hour of a spring change day does not exist; it lands one hour later.
        if (inSpringGap) expect(wall).toEqual({ date, minutes: minutes + 60 });
        else expect(wall).toEqual({ date, minutes });
      }),
    );
  });
});

describe('warsawDate', () => {
  it('is the Warsaw calendar day, not the UTC one', () => {
    expect(warsawDate(utc('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(warsawDate(utc('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(warsawDate(utc('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(isoDate(2027, 1, 1)).toBe('2027-01-01');
  });
});

describe('the machine’s own zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it('does not change any answer', () => {
    const answers = () => [
      warsawInstant('2026-03-29', 9 * 60),
      warsawInstant('2026-10-25', 9 * 60),
      warsawDate(utc('2026-03-28T23:30:00Z')),
    ];
    const expected = [utc('2026-03-29T07:00:00Z'), utc('2026-10-25T08:00:00Z'), '2026-03-29'];
    for (const zone of ['America/New_York', 'Asia/Tokyo', 'UTC', 'Europe/Warsaw']) {
      process.env.TZ = zone;
      expect(answers()).toEqual(expected);
    }
  });
});

/** 00:00 in Warsaw on a date. */
const midnight = (date: string) => warsawInstant(date, 0);

describe('warsawDaysBefore', () => {
  it('counts Warsaw calendar days across the autumn clock change (31 days of wall time, 30 × 24 h + 1 h)', () => {
    expect(warsawDaysBefore(midnight('2026-11-01'), 30)).toBe(midnight('2026-10-02'));
    expect(midnight('2026-11-01') - midnight('2026-10-02')).toBe(30 * 86_400_000 + 3_600_000);
  });

  it('keeps seconds and milliseconds', () => {
    expect(warsawDaysBefore(midnight('2026-12-01') + 12_345, 30)).toBe(midnight('2026-11-01') + 12_345);
  });
});
