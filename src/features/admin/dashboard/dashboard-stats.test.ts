import { describe, expect, it } from 'vitest';
import type { Grosz } from '../../../domain/money.ts';
import { dashboardStats, lastMonths, monthKey, type StatsOrder } from './dashboard-stats.ts';

type Payment = StatsOrder['payments'][number];
type Refund = Payment['refunds'][number];

const paid = (amount: number, completedAt: string, extra: Partial<Payment> = {}): Payment => ({
  amount: amount as Grosz,
  state: 'completed',
  receivedOn: null,
  completedAt,
  refunds: [],
  ...extra,
});

const refund = (amount: number, completedAt: string, extra: Partial<Refund> = {}): Refund => ({
  amount: amount as Grosz,
  state: 'completed',
  refundedOn: null,
  completedAt,
  ...extra,
});

/** An order with its ledger: amountPaid/amountRefunded are the sums of the completed rows, as the SQL derives them. */
const order = (
  id: string,
  createdAt: string,
  status: string,
  total: number,
  customerEmail: string,
  payments: Payment[] = [],
): StatsOrder => {
  const completed = payments.filter((payment) => payment.state === 'completed');
  return {
    id,
    createdAt,
    status,
    total: total as Grosz,
    customerEmail,
    amountPaid: completed.reduce((sum, payment) => sum + payment.amount, 0) as Grosz,
    amountRefunded: completed
      .flatMap((payment) => payment.refunds)
      .filter((item) => item.state === 'completed')
      .reduce((sum, item) => sum + item.amount, 0) as Grosz,
    payments,
  };
};

const now = new Date('2026-11-21T12:00:00.000Z');

describe('dashboard aggregation', () => {
  it('counts orders, money received less refunds (not orders placed), unique customers by email and products', () => {
    const stats = dashboardStats(
      [
        // Placed, not paid yet: no revenue.
        order('a', '2026-11-20T10:00:00.000Z', 'pending', 10_000, 'Anna@Example.pl'),
        order('b', '2026-11-19T10:00:00.000Z', 'completed', 5_050, ' anna@example.pl ', [paid(5_050, '2026-11-19T10:05:00.000Z')]),
        // Paid, cancelled and refunded: nothing stays.
        order('c', '2026-11-18T10:00:00.000Z', 'cancelled', 99_999, 'jan@example.pl', [
          paid(99_999, '2026-11-18T10:05:00.000Z', { refunds: [refund(99_999, '2026-11-19T08:00:00.000Z')] }),
        ]),
        // A refund still under way has not left the shop.
        order('d', '2026-11-17T10:00:00.000Z', 'processing', 2_000, 'ewa@example.pl', [
          paid(2_000, '2026-11-17T10:05:00.000Z', { refunds: [refund(500, '2026-11-18T08:00:00.000Z', { state: 'pending' })] }),
        ]),
        // An attempt the gateway rejected brings nothing.
        order('e', '2026-11-16T10:00:00.000Z', 'pending', 3_000, 'ola@example.pl', [
          paid(3_000, '2026-11-16T10:05:00.000Z', { state: 'rejected' }),
        ]),
      ],
      11,
      now,
    );
    expect(stats.orderCount).toBe(5);
    expect(stats.revenue).toBe(7_050);
    expect(stats.customerCount).toBe(4);
    expect(stats.productCount).toBe(11);
  });

  it('keeps the 10 newest orders, newest first', () => {
    const many = Array.from({ length: 12 }, (_, index) =>
      order(`o${index}`, `2026-11-${String(index + 1).padStart(2, '0')}T08:00:00.000Z`, 'pending', 100, `k${index}@x.pl`),
    );
    const stats = dashboardStats(many.reverse().reverse(), 0, now);
    expect(stats.lastOrders.map((o) => o.id)).toEqual(['o11', 'o10', 'o9', 'o8', 'o7', 'o6', 'o5', 'o4', 'o3', 'o2']);
  });

  it('counts orders per status with Polish labels, zero for absent statuses', () => {
    const stats = dashboardStats([order('a', '2026-11-20T10:00:00.000Z', 'processing', 1, 'a@x.pl')], 0, now);
    expect(stats.byStatus).toEqual([
      { status: 'pending', label: 'Oczekujące', count: 0 },
      { status: 'processing', label: 'W realizacji', count: 1 },
      { status: 'completed', label: 'Zrealizowane', count: 0 },
      { status: 'cancelled', label: 'Anulowane', count: 0 },
    ]);
  });

  it('puts money in the month it arrived and refunds in the month they went back, in Polish time, with empty months', () => {
    const stats = dashboardStats(
      [
        // Placed in October, paid in November: November's money.
        order('late-payer', '2026-10-30T10:00:00.000Z', 'processing', 1_000, 'a@x.pl', [paid(1_000, '2026-11-02T10:00:00.000Z')]),
        // 23:30 UTC on 31 Aug is already September in Warsaw.
        order('sep', '2026-08-31T23:00:00.000Z', 'pending', 2_500, 'b@x.pl', [paid(2_500, '2026-08-31T23:30:00.000Z')]),
        // A transfer the owner recorded on the day it arrived, a day before she recorded it.
        order('transfer', '2026-06-10T10:00:00.000Z', 'completed', 700, 'c@x.pl', [
          paid(700, '2026-07-01T07:00:00.000Z', { receivedOn: '2026-06-30' }),
        ]),
        order('old', '2026-05-31T10:00:00.000Z', 'completed', 9_900, 'd@x.pl', [paid(9_900, '2026-05-31T10:05:00.000Z')]),
        // Paid in September, cancelled and refunded by hand in November: September keeps it, November loses it.
        order('refunded', '2026-09-03T10:00:00.000Z', 'cancelled', 5_000, 'e@x.pl', [
          paid(5_000, '2026-09-03T10:05:00.000Z', {
            refunds: [refund(5_000, '2026-11-04T08:00:00.000Z', { refundedOn: '2026-11-03' })],
          }),
        ]),
      ],
      0,
      now,
    );
    expect(stats.revenueByMonth.map((m) => [m.month, m.revenue, m.orders])).toEqual([
      ['2026-06', 700, 1],
      ['2026-07', 0, 0],
      ['2026-08', 0, 0],
      ['2026-09', 7_500, 1],
      ['2026-10', 0, 1],
      ['2026-11', -4_000, 0],
    ]);
    expect(stats.revenueByMonth.at(-1)?.label).toBe('lis 2026');
  });

  it('counts an order paid before the ledger by its sums, in the month it was placed', () => {
    const before: StatsOrder = { ...order('x', '2026-10-05T10:00:00.000Z', 'completed', 4_200, 'x@x.pl'), amountPaid: 4_200 as Grosz };
    const stats = dashboardStats([before], 0, now);
    expect(stats.revenue).toBe(4_200);
    expect(stats.revenueByMonth.find((m) => m.month === '2026-10')?.revenue).toBe(4_200);
  });

  it('crosses a year boundary', () => {
    expect(lastMonths(new Date('2027-02-10T12:00:00.000Z'), 6)).toEqual(['2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthKey(new Date('2026-12-31T23:30:00.000Z'))).toBe('2027-01');
  });
});
