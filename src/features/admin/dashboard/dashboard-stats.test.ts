import { describe, expect, it } from 'vitest';
import type { Grosz } from '../../../domain/money.ts';
import { dashboardStats, lastMonths, monthKey } from './dashboard-stats.ts';

const order = (id: string, createdAt: string, status: string, total: number, customerEmail: string) => ({
  id,
  createdAt,
  status,
  total: total as Grosz,
  customerEmail,
});

const now = new Date('2026-11-21T12:00:00.000Z');

describe('dashboard aggregation', () => {
  it('counts orders, revenue without cancelled ones, unique customers by email and products', () => {
    const stats = dashboardStats(
      [
        order('a', '2026-11-20T10:00:00.000Z', 'pending', 10_000, 'Anna@Example.pl'),
        order('b', '2026-11-19T10:00:00.000Z', 'completed', 5_050, ' anna@example.pl '),
        order('c', '2026-11-18T10:00:00.000Z', 'cancelled', 99_999, 'jan@example.pl'),
      ],
      11,
      now,
    );
    expect(stats.orderCount).toBe(3);
    expect(stats.revenue).toBe(15_050);
    expect(stats.customerCount).toBe(2);
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

  it('sums revenue per month for the last 6 months, with empty months and in Polish time', () => {
    const stats = dashboardStats(
      [
        order('nov', '2026-11-02T10:00:00.000Z', 'completed', 1_000, 'a@x.pl'),
        // 23:30 UTC on 31 Aug is already September in Warsaw.
        order('sep', '2026-08-31T23:30:00.000Z', 'pending', 2_500, 'b@x.pl'),
        order('jun', '2026-06-10T10:00:00.000Z', 'completed', 700, 'c@x.pl'),
        order('old', '2026-05-31T10:00:00.000Z', 'completed', 9_900, 'd@x.pl'),
        order('cancelled', '2026-11-03T10:00:00.000Z', 'cancelled', 5_000, 'e@x.pl'),
      ],
      0,
      now,
    );
    expect(stats.revenueByMonth.map((m) => [m.month, m.revenue, m.orders])).toEqual([
      ['2026-06', 700, 1],
      ['2026-07', 0, 0],
      ['2026-08', 0, 0],
      ['2026-09', 2_500, 1],
      ['2026-10', 0, 0],
      ['2026-11', 1_000, 1],
    ]);
    expect(stats.revenueByMonth.at(-1)?.label).toBe('lis 2026');
  });

  it('crosses a year boundary', () => {
    expect(lastMonths(new Date('2027-02-10T12:00:00.000Z'), 6)).toEqual(['2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthKey(new Date('2026-12-31T23:30:00.000Z'))).toBe('2027-01');
  });
});
