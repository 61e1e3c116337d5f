import type { LedgerPaymentState } from '../../../domain/payment-ledger.ts';
import type { AdminPayment } from './ledger-rows.ts';

/** One row of the payments page: a payment and the order it pays. */
export interface LedgerEntry<O> {
  payment: AdminPayment;
  order: O;
}

/**
 * Every payment of the orders, newest first, of the state asked for and of
 * orders the query matches (the back office's order search). Pure.
 */
export function ledgerEntries<O extends { payments: readonly AdminPayment[] }>(
  orders: readonly O[],
  search: { status?: LedgerPaymentState; q?: string },
  matches: (order: O, query: string) => boolean,
): LedgerEntry<O>[] {
  return orders
    .filter((order) => matches(order, search.q ?? ''))
    .flatMap((order) => order.payments.map((payment) => ({ payment, order })))
    .filter(({ payment }) => !search.status || payment.state === search.status)
    .sort(
      (left, right) => right.payment.createdAt.localeCompare(left.payment.createdAt) || right.payment.id.localeCompare(left.payment.id),
    );
}
