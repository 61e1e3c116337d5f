import type { Grosz } from '../../../src/domain/money.ts';

/**
 * An invoice as its printed (PDF) form shows it: what the customer gets in
 * the mail and on the order page. Built from the stored invoice; the FA(3)
 * XML stays the legal original, this is its visual form, carrying the KSeF
 * number and the verification code once KSeF has accepted it.
 */

export type VatRateLabel = '23' | '8' | '5' | '0' | 'zw';

export interface InvoiceParty {
  name: string;
  /** Ten digits, no separators; null for a buyer without one. */
  nip: string | null;
  /** Lines of the address as printed: 'ul. Kwiatowa 1', '37-700 Przemyśl'. */
  address: string[];
}

export interface InvoiceDocumentLine {
  name: string;
  quantity: number;
  /** 'szt.' for goods, 'usł.' for a service. */
  unit: string;
  /** Gross price of one piece. */
  unitGross: Grosz;
  rate: VatRateLabel;
  net: Grosz;
  vat: Grosz;
  gross: Grosz;
}

export interface InvoiceRateTotal {
  rate: VatRateLabel;
  net: Grosz;
  vat: Grosz;
  gross: Grosz;
}

export interface InvoiceDocument {
  kind: 'VAT' | 'KOR';
  number: string;
  /** YYYY-MM-DD, Warsaw. */
  issueDate: string;
  /** YYYY-MM-DD, Warsaw: the day of delivery or payment. */
  saleDate: string;
  /** Where it was issued ('Przemyśl'). */
  place: string;
  seller: InvoiceParty;
  buyer: InvoiceParty;
  lines: InvoiceDocumentLine[];
  totals: InvoiceRateTotal[];
  total: Grosz;
  payment: { method: string; paidOn: string | null; dueDate: string | null; bankAccount: string | null };
  /** An exempt seller's legal basis, printed as it stands in the invoice ('art. 113 ust. 1 ustawy o VAT'). */
  exemption: string | null;
  /** The shop's order the invoice is for. */
  orderNumber: string;
  /** A correcting invoice: what it corrects and why. */
  corrects: { number: string; ksefNumber: string | null; reason: string } | null;
  /** Set once KSeF has accepted the invoice; `verificationUrl` is the code KSeF defines for the visual form (KOD I). */
  ksef: { number: string; verificationUrl: string } | null;
}

export const VAT_RATE_TEXT: Record<VatRateLabel, string> = { '23': '23%', '8': '8%', '5': '5%', '0': '0%', zw: 'zw.' };

/** 'Faktura VAT', 'Faktura' (an exempt seller issues no VAT invoice) or 'Faktura korygująca'. */
export function invoiceTitle(document: Pick<InvoiceDocument, 'kind' | 'exemption' | 'number'>): string {
  if (document.kind === 'KOR') return `Faktura korygująca nr ${document.number}`;
  return document.exemption ? `Faktura nr ${document.number}` : `Faktura VAT nr ${document.number}`;
}
