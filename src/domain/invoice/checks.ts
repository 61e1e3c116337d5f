/**
 * The FA(3) XSD's restrictions on what the shop puts in an invoice, checked
 * in code: Deno on the hosted platform has no xmllint, so the Edge Function
 * refuses a document that would break the schema before it is stored, and
 * the unit tests check the generated XML against the XSD itself
 * (docs/decisions/036-vat-rates.md).
 */

import type { InvoiceDocument, InvoiceParty } from './model.ts';

/** etd:TNrNIP */
const NIP = /^[1-9]((\d[1-9])|([1-9]\d))\d{7}$/;
/** TDataT: from 2006-01-01 to 2050-01-01. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** TNumerKSeF */
const KSEF_NUMBER =
  /^([1-9]((\d[1-9])|([1-9]\d))\d{7}|M\d{9}|[A-Z]{3}\d{7})-(20[2-9][0-9]|2[1-9]\d{2}|[3-9]\d{3})(0[1-9]|1[0-2])(0[1-9]|[1-2]\d|3[0-1])-([0-9A-F]{6})-?([0-9A-F]{6})-([0-9A-F]{2})$/;

function dateOk(value: string): boolean {
  return DATE.test(value) && value >= '2006-01-01' && value <= '2050-01-01' && !Number.isNaN(Date.parse(value));
}

function partyErrors(role: string, party: InvoiceParty): string[] {
  const errors: string[] = [];
  if (!NIP.test(party.nip)) errors.push(`${role}: NIP`);
  if (party.name.trim().length === 0 || party.name.length > 512) errors.push(`${role}: nazwa`);
  if (party.address.trim().length === 0) errors.push(`${role}: adres`);
  return errors;
}

/** What would break the schema, as short Polish field names; empty when the document fits. */
export function invoiceDocumentErrors(doc: InvoiceDocument): string[] {
  const errors = [...partyErrors('Sprzedawca', doc.seller), ...partyErrors('Nabywca', doc.buyer)];
  if (doc.number.trim().length === 0 || doc.number.length > 256) errors.push('numer faktury');
  if (!dateOk(doc.issueDate)) errors.push('data wystawienia');
  if (doc.saleDate !== null && !dateOk(doc.saleDate)) errors.push('data sprzedaży');
  if (doc.payment.paidOn !== null && !dateOk(doc.payment.paidOn)) errors.push('data zapłaty');
  if (doc.seller.exemptionBasis !== null && doc.seller.exemptionBasis.trim().length === 0) errors.push('podstawa zwolnienia');
  if (doc.kind === 'VAT' && doc.lines.length === 0) errors.push('pozycje faktury');
  if (doc.lines.length > 10_000) errors.push('liczba pozycji');
  for (const line of doc.lines) {
    if (line.name.trim().length === 0) errors.push('nazwa pozycji');
    if (![line.quantity, line.unitGross, line.discount, line.gross].every(Number.isSafeInteger)) errors.push('kwoty pozycji');
    if (line.quantity * line.unitGross - line.discount !== line.gross) errors.push(`wartość pozycji „${line.name}”`);
  }
  if ((doc.kind === 'KOR') !== (doc.correction !== null)) errors.push('rodzaj faktury');
  if (doc.correction) {
    const { original, reason } = doc.correction;
    if (reason.trim().length === 0 || reason.length > 256) errors.push('przyczyna korekty');
    if (!dateOk(original.issueDate)) errors.push('data faktury korygowanej');
    if (original.ksefNumber !== null && !KSEF_NUMBER.test(original.ksefNumber)) errors.push('numer KSeF faktury korygowanej');
  }
  return errors;
}
