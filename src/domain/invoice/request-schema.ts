import * as v from 'valibot';

/**
 * What the owner asks of the owner-invoices function: 'Wystaw fakturę',
 * 'Wystaw korektę' and 'Wyślij ponownie' (an invoice KSeF rejected, rebuilt
 * from the corrected data). The back office builds it; the function re-parses it.
 */

// A missing key gets the same Polish message as a wrong value (not valibot's English key issue).
const orderId = v.optional(v.pipe(v.string('Brak zamówienia.'), v.uuid('Nieprawidłowy identyfikator zamówienia.')), '');
const invoiceId = v.optional(v.pipe(v.string('Brak faktury.'), v.uuid('Nieprawidłowy identyfikator faktury.')), '');

export const ownerInvoiceRequestSchema = v.variant(
  'action',
  [
    v.object({ action: v.literal('issue'), orderId }),
    v.object({
      action: v.literal('correct'),
      orderId,
      reason: v.optional(
        v.pipe(v.string('Podaj przyczynę korekty.'), v.trim(), v.maxLength(200, 'Przyczyna korekty może mieć najwyżej 200 znaków.')),
        '',
      ),
    }),
    v.object({ action: v.literal('resend'), invoiceId }),
  ],
  'Nieznane polecenie.',
);

export type OwnerInvoiceRequest = v.InferOutput<typeof ownerInvoiceRequestSchema>;

export const CANCEL_CORRECTION_REASON = 'Anulowanie zamówienia';
export const REFUND_CORRECTION_REASON = 'Zwrot zapłaty';
