import { describe, expect, it } from 'vitest';
import { formatTimeRange, parseTimeOfDay, parseTimeRange } from './time-of-day.ts';

describe('times of day', () => {
  it('read H:MM and HH:MM within a day, and nothing else', () => {
    expect(parseTimeOfDay('9:00')).toBe(540);
    expect(parseTimeOfDay(' 09:05 ')).toBe(545);
    expect(parseTimeOfDay('23:59')).toBe(1439);
    for (const text of ['24:00', '9', '9.00', '9:60', '']) expect(parseTimeOfDay(text)).toBeNull();
  });

  it('read a range with any dash, start before end, and write it with an en dash', () => {
    expect(parseTimeRange('9:00 - 12:00')).toEqual({ start: 540, end: 720 });
    expect(parseTimeRange('12:00—15:30')).toEqual({ start: 720, end: 930 });
    expect(parseTimeRange('12:00–12:00')).toBeNull();
    expect(parseTimeRange('12:00–9:00')).toBeNull();
    expect(formatTimeRange({ start: 540, end: 930 })).toBe('9:00–15:30');
  });
});
