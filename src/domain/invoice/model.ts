import type { VatRate } from './vat.ts';

/** What an FA(3) invoice is built from; amounts are integer grosz, dates Warsaw YYYY-MM-DD. */

export const INVOICE_KINDS = ['VAT', 'KOR'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** Mirrors the CHECK list on invoices.state. */
export const INVOICE_STATES = ['issued', 'queued', 'sent', 'accepted', 'rejected'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** The owner's words for each state; the KSeF number or the refusal's reason follow them (state-text.ts). */
export const INVOICE_STATE_LABELS: Record<InvoiceState, string> = {
  issued: 'Czeka na wysłanie',
  queued: 'Czeka na wysłanie',
  sent: 'Wysłana',
  accepted: 'Przyjęta',
  rejected: 'Odrzucona',
};

export interface InvoiceParty {
  /** Ten digits. */
  nip: string;
  name: string;
  /** The address as one line; FA(3) takes it as AdresL1 with the country PL. */
  address: string;
}

export interface SellerParty extends InvoiceParty {
  /** Exempt under art. 113: the legal basis printed on the invoice (P_19A); null for a VAT payer. */
  exemptionBasis: string | null;
}

export interface InvoiceLine {
  name: string;
  unit: string;
  quantity: number;
  /** Gross unit price before the discount. */
  unitGross: number;
  /** The part of the order's discount this line carries (>= 0). */
  discount: number;
  /** quantity × unitGross − discount. */
  gross: number;
  rate: VatRate;
}

/** FA(3) FormaPlatnosci: 1 cash, 2 card, 6 transfer, 7 mobile. */
export type PaymentForm = '1' | '2' | '6' | '7';

export interface InvoicePayment {
  /** The Warsaw date the order was paid in full, or null when it is not. */
  paidOn: string | null;
  form: PaymentForm | null;
}

export interface CorrectedInvoice {
  number: string;
  issueDate: string;
  ksefNumber: string | null;
  lines: readonly InvoiceLine[];
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  number: string;
  issueDate: string;
  /** Date of delivery when it differs from the issue date. */
  saleDate: string | null;
  /** When the XML was made (ISO instant). */
  createdAt: string;
  seller: SellerParty;
  buyer: InvoiceParty;
  /** For VAT: the lines; for KOR: the lines after the correction. */
  lines: readonly InvoiceLine[];
  payment: InvoicePayment;
  orderNumber: string;
  correction: { reason: string; original: CorrectedInvoice } | null;
}

/** Mirrors the CHECK list on invoice_jobs.state. */
export const INVOICE_JOB_STATES = ['pending', 'sending', 'done', 'failed'] as const;
