import { ORDER_STATUSES, orderStatusLabel } from '../../../domain/order-status.ts';
import type { Grosz } from '../../../domain/money.ts';
import { formatShortMonth } from '../../../domain/polish-date.ts';
import { warsawDate } from '../../../domain/calendar/warsaw-clock.ts';

/** What the dashboard needs of a refund: its amount, state and when the money went back. */
interface StatsRefund {
  amount: Grosz;
  state: string;
  /** 'YYYY-MM-DD' of a refund made outside the shop. */
  refundedOn: string | null;
  completedAt: string | null;
}

/** What the dashboard needs of a payment: its amount, state and when the money came. */
interface StatsPayment {
  amount: Grosz;
  state: string;
  /** 'YYYY-MM-DD' the owner says the money arrived (recorded payments). */
  receivedOn: string | null;
  completedAt: string | null;
  refunds: readonly StatsRefund[];
}

/** What the dashboard needs of an order (money in grosz). */
export interface StatsOrder {
  id: string;
  createdAt: string;
  status: string;
  total: Grosz;
  customerEmail: string;
  /** The ledger's sums: completed payments and completed refunds. */
  amountPaid: Grosz;
  amountRefunded: Grosz;
  payments: readonly StatsPayment[];
}

export interface MonthRevenue {
  /** 'YYYY-MM' in the shop's time zone. */
  month: string;
  /** Short Polish label, e.g. 'lis 2026'. */
  label: string;
  /** Received less refunded in the month. */
  revenue: Grosz;
  /** Orders placed in the month, cancelled ones left out. */
  orders: number;
}

export interface StatusCount {
  status: string;
  label: string;
  count: number;
}

export interface DashboardStats<T extends StatsOrder> {
  orderCount: number;
  revenue: Grosz;
  customerCount: number;
  productCount: number;
  /** Newest first, 10 kept (the page shows 5). */
  lastOrders: T[];
  byStatus: StatusCount[];
  revenueByMonth: MonthRevenue[];
}

export const LAST_ORDERS_KEPT = 10;
export const LAST_ORDERS_SHOWN = 5;
export const REVENUE_MONTHS = 6;

/** 'YYYY-MM' of an instant, in the shop's time zone. */
export function monthKey(date: Date): string {
  return warsawDate(date.getTime()).slice(0, 7);
}

/** The last `count` month keys ending with the month of `now`, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const [year, month] = monthKey(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (count - 1 - index), 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** The month's count of orders placed leaves out cancelled ones. */
function countsAsOrder(order: StatsOrder): boolean {
  return order.status !== 'cancelled';
}

/** The month money moved in: a recorded day as it is, an instant in the shop's time zone. */
function monthOf(day: string | null, instant: string | null): string | null {
  if (day) return day.slice(0, 7);
  return instant ? monthKey(new Date(instant)) : null;
}

/**
 * Money received, month by month: each completed payment in the
 * month it arrived, less each completed refund in the month it went back.
 * An order whose sums the ledger has but whose rows this copy lacks (a copy
 * saved before the ledger) counts in the month it was placed.
 */
function receivedByMonth(orders: readonly StatsOrder[]): Map<string, number> {
  const months = new Map<string, number>();
  const add = (month: string | null, amount: number) => {
    if (month) months.set(month, (months.get(month) ?? 0) + amount);
  };
  for (const order of orders) {
    const completed = order.payments.filter((payment) => payment.state === 'completed');
    if (completed.length === 0) {
      add(monthKey(new Date(order.createdAt)), order.amountPaid - order.amountRefunded);
      continue;
    }
    for (const payment of completed) add(monthOf(payment.receivedOn, payment.completedAt), payment.amount);
    for (const refund of order.payments.flatMap((payment) => payment.refunds)) {
      if (refund.state === 'completed') add(monthOf(refund.refundedOn, refund.completedAt), -refund.amount);
    }
  }
  return months;
}

/**
 * docs/spec.md §2/§9 dashboard: totals (orders, revenue, customers by unique email
 * case-insensitive, products), the last 10 orders, orders per status and the
 * revenue of the last 6 months including months without orders. Revenue is
 * money received less money refunded (the ledger, docs/payments.md), never orders placed.
 */
export function dashboardStats<T extends StatsOrder>(orders: readonly T[], productCount: number, now: Date): DashboardStats<T> {
  const newestFirst = [...orders].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const revenue = orders.reduce((sum, order) => sum + order.amountPaid - order.amountRefunded, 0) as Grosz;
  const customers = new Set(orders.map((order) => order.customerEmail.trim().toLowerCase()).filter(Boolean));

  const counts = new Map<string, number>(ORDER_STATUSES.map((status) => [status, 0]));
  for (const order of orders) counts.set(order.status, (counts.get(order.status) ?? 0) + 1);
  const byStatus = [...counts].map(([status, count]) => ({
    status,
    label: orderStatusLabel(status),
    count,
  }));

  const months = lastMonths(now, REVENUE_MONTHS);
  const received = receivedByMonth(orders);
  const perMonth = new Map(months.map((month) => [month, { revenue: received.get(month) ?? 0, orders: 0 }]));
  for (const order of orders) {
    const bucket = perMonth.get(monthKey(new Date(order.createdAt)));
    if (bucket && countsAsOrder(order)) bucket.orders += 1;
  }

  return {
    orderCount: orders.length,
    revenue,
    customerCount: customers.size,
    productCount,
    lastOrders: newestFirst.slice(0, LAST_ORDERS_KEPT),
    byStatus,
    revenueByMonth: months.map((month) => {
      const bucket = perMonth.get(month) ?? { revenue: 0, orders: 0 };
      return { month, label: formatShortMonth(month), revenue: bucket.revenue as Grosz, orders: bucket.orders };
    }),
  };
}
