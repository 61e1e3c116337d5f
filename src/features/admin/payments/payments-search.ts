import { LEDGER_PAYMENT_STATES, type LedgerPaymentState } from '../../../domain/payment-ledger.ts';

/** /admin/payments?status=&q= — `status` is the ledger's payment state. */
export interface PaymentsSearch {
  status?: LedgerPaymentState;
  q?: string;
}

export function isLedgerPaymentState(value: unknown): value is LedgerPaymentState {
  return typeof value === 'string' && (LEDGER_PAYMENT_STATES as readonly string[]).includes(value);
}

export function parsePaymentsSearch(search: Record<string, unknown>): PaymentsSearch {
  return {
    status: isLedgerPaymentState(search.status) ? search.status : undefined,
    q: typeof search.q === 'string' && search.q !== '' ? search.q : undefined,
  };
}
