import { describe, expect, it } from 'vitest';
import { transferDeadlines, transferPaymentDays } from './transfer-deadline.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (instant: number) => new Date(instant).toISOString();

describe('transferDeadlines', () => {
  it('counts working days after the day of the order, in Warsaw', () => {
    // Wednesday 25 November 2026, 10:00 in Warsaw.
    const { remindAt, cancelAt } = transferDeadlines(at('2026-11-25T09:00:00Z'), null);
    expect(iso(remindAt)).toBe('2026-11-26T23:00:00.000Z'); // after Thursday
    expect(iso(cancelAt)).toBe('2026-11-30T23:00:00.000Z'); // after Thursday, Friday and Monday
  });

  it('skips weekends and Polish public holidays (Wigilia is one since 2025)', () => {
    // Wednesday 23 December 2026: 24 and 25 December are holidays, 26–27 a weekend.
    const { remindAt, cancelAt } = transferDeadlines(at('2026-12-23T10:00:00Z'), null);
    expect(iso(remindAt)).toBe('2026-12-28T23:00:00.000Z'); // after Monday 28th
    expect(iso(cancelAt)).toBe('2026-12-30T23:00:00.000Z'); // after Monday, Tuesday and Wednesday
  });

  it('holds an order for an earlier delivery only until noon the day before, but at least an hour', () => {
    const soon = transferDeadlines(at('2026-11-25T09:00:00Z'), '2026-11-27');
    expect(iso(soon.cancelAt)).toBe('2026-11-26T11:00:00.000Z');
    expect(soon.remindAt).toBe(soon.cancelAt);
    const tooLate = transferDeadlines(at('2026-11-26T15:00:00Z'), '2026-11-27');
    expect(iso(tooLate.cancelAt)).toBe('2026-11-26T16:00:00.000Z');
  });

  it('takes the owner’s number of days, from 1 to 14, else 3', () => {
    expect(transferPaymentDays('5')).toBe(5);
    expect(transferPaymentDays(' 1 ')).toBe(1);
    for (const value of [undefined, '', '0', '15', '2.5', 'trzy']) expect(transferPaymentDays(value)).toBe(3);
    expect(iso(transferDeadlines(at('2026-11-25T09:00:00Z'), null, 1).cancelAt)).toBe('2026-11-26T23:00:00.000Z');
  });
});
