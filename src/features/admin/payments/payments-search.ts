import { isPaymentStatus, type PaymentStatus } from '../../../domain/status-names.ts';

/** /admin/payments?status=&q= */
export interface PaymentsSearch {
  status?: PaymentStatus;
  q?: string;
}

export function parsePaymentsSearch(search: Record<string, unknown>): PaymentsSearch {
  return {
    status: isPaymentStatus(search.status) ? search.status : undefined,
    q: typeof search.q === 'string' && search.q !== '' ? search.q : undefined,
  };
}
