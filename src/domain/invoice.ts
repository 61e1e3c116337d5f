import { formatNip, normaliseNip } from './nip.ts';

/**
 * The invoice data an order carries, as public.orders.invoice
 * stores it: the NIP as 10 digits, the company's name and address as typed.
 * The owner issues the invoice outside the shop (docs/invoices-ksef.md).
 */
export interface OrderInvoice {
  nip: string;
  company: string;
  address: string;
}

/** The invoice the checkout asked for, or null without 'Chcę otrzymać fakturę'. The values were validated by the checkout schema. */
export function orderInvoiceOf(checkout: {
  wantsInvoice: boolean;
  invoiceNip: string;
  invoiceCompany: string;
  invoiceAddress: string;
}): OrderInvoice | null {
  if (!checkout.wantsInvoice) return null;
  return { nip: normaliseNip(checkout.invoiceNip), company: checkout.invoiceCompany, address: checkout.invoiceAddress };
}

/** Reads the stored jsonb (or an offline copy of it) defensively: anything but the three strings is no invoice. */
export function readOrderInvoice(value: unknown): OrderInvoice | null {
  if (typeof value !== 'object' || value === null) return null;
  const { nip, company, address } = value as Record<string, unknown>;
  if (typeof nip !== 'string' || typeof company !== 'string' || typeof address !== 'string') return null;
  return { nip, company, address };
}

/** The invoice as every view shows it (admin, order page, confirmation page and mail): label, value. */
export function invoiceRows(invoice: OrderInvoice): [label: string, value: string][] {
  return [
    ['NIP', formatNip(invoice.nip)],
    ['Nazwa firmy', invoice.company],
    ['Adres firmy', invoice.address],
  ];
}
