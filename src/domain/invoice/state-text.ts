import { INVOICE_STATE_LABELS, type InvoiceState } from './model.ts';

/** What the owner reads about an invoice's way through KSeF (docs/decisions/040-ksef-send.md). */
export interface InvoiceKsefState {
  state: InvoiceState;
  ksefNumber: string | null;
  rejectionReason: string | null;
}

/** 'Czeka na wysłanie', 'Wysłana', 'Przyjęta: nr KSeF …', 'Odrzucona: <KSeF's reason>'. */
export function invoiceStateText(invoice: InvoiceKsefState): string {
  const label = INVOICE_STATE_LABELS[invoice.state];
  if (invoice.state === 'accepted' && invoice.ksefNumber) return `${label}: nr KSeF ${invoice.ksefNumber}`;
  if (invoice.state === 'rejected' && invoice.rejectionReason) return `${label}: ${invoice.rejectionReason}`;
  return label;
}

/** The 'Faktury' list's filter: still on its way, accepted, or refused (the owner's to fix). */
export const INVOICE_STATE_FILTERS = {
  waiting: { label: 'Czekające na KSeF', states: ['issued', 'queued', 'sent'] },
  accepted: { label: 'Przyjęte', states: ['accepted'] },
  rejected: { label: 'Odrzucone', states: ['rejected'] },
} as const satisfies Record<string, { label: string; states: readonly InvoiceState[] }>;

export type InvoiceStateFilter = keyof typeof INVOICE_STATE_FILTERS;

export function isInvoiceStateFilter(value: unknown): value is InvoiceStateFilter {
  return typeof value === 'string' && Object.hasOwn(INVOICE_STATE_FILTERS, value);
}
