import { describe, expect, it } from 'vitest';
import { transferDeadlines, transferPaymentDays, unpaidOrderDeadline } from './payment-deadlines.ts';

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

describe('unpaidOrderDeadline', () => {
  const order = {
    paymentMethod: 'transfer',
    status: 'pending',
    amountPaid: 0,
    createdAt: '2026-11-25T09:00:00Z',
    deliveryDate: null,
    attemptsStartedAt: [],
  };

  it('is the transfer deadline for a transfer, by the owner’s days', () => {
    expect(iso(unpaidOrderDeadline(order)!)).toBe('2026-11-30T23:00:00.000Z');
    expect(iso(unpaidOrderDeadline(order, 1)!)).toBe('2026-11-26T23:00:00.000Z');
  });

  it('is 40 minutes after the newest attempt (or the order) for an online payment', () => {
    expect(iso(unpaidOrderDeadline({ ...order, paymentMethod: 'blik' })!)).toBe('2026-11-25T09:40:00.000Z');
    const retried = { ...order, paymentMethod: 'payu', attemptsStartedAt: ['2026-11-25T09:05:00Z', '2026-11-25T09:30:00Z'] };
    expect(iso(unpaidOrderDeadline(retried)!)).toBe('2026-11-25T10:10:00.000Z');
  });

  it('is none for an order paid in part, no longer pending, or paid on delivery', () => {
    expect(unpaidOrderDeadline({ ...order, amountPaid: 100 })).toBeNull();
    expect(unpaidOrderDeadline({ ...order, status: 'cancelled' })).toBeNull();
    expect(unpaidOrderDeadline({ ...order, paymentMethod: 'cash' })).toBeNull();
  });
});
