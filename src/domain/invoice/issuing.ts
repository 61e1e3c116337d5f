/**
 * When the owner's 'Wystaw fakturę' may issue an invoice: for the payments
 * the shop does not see arrive by itself (a transfer, cash, cash on
 * delivery), at any time; for an online payment only once it is paid in
 * full, because the payment issues it and an unpaid online order may yet be
 * cancelled (docs/decisions/036-vat-rates.md). The same rule runs on the
 * owner's screen and in the owner-invoices function.
 */

import type { PaymentMethod } from '../payment-methods.ts';

const INVOICED_BY_THE_OWNER: ReadonlySet<string> = new Set<PaymentMethod>(['transfer', 'cash', 'cod']);

export function invoicedByTheOwner(paymentMethod: string): boolean {
  return INVOICED_BY_THE_OWNER.has(paymentMethod);
}

export function ownerMayIssueInvoice(paymentMethod: string, paidInFull: boolean): boolean {
  return invoicedByTheOwner(paymentMethod) || paidInFull;
}

export const AWAITS_PAYMENT_MESSAGE = 'Sklep wystawi fakturę, gdy wpłynie płatność.';
