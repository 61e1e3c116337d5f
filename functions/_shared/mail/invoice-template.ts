import * as v from 'valibot';
import type { MailBlock } from './render.ts';
import { greeting, orderLinkBlock } from './order-blocks.ts';
import type { MailContext } from './templates.ts';

/**
 * The customer's copy of an invoice KSeF accepted: the PDF goes as the
 * attachment (mail-dispatch renders it from the stored invoice), this is
 * the mail around it. The job carries the invoice (mail_jobs.details,
 * written by the invoices trigger): a correction gets its own wording.
 */
export const invoiceMailDetailsSchema = v.object({
  invoiceId: v.pipe(v.string(), v.uuid()),
  number: v.pipe(v.string(), v.minLength(1)),
  ksefNumber: v.nullable(v.string()),
});
export type InvoiceMailDetails = v.InferOutput<typeof invoiceMailDetailsSchema>;

export function readInvoiceMailDetails(details: unknown): InvoiceMailDetails {
  const parsed = v.safeParse(invoiceMailDetailsSchema, details);
  if (!parsed.success) throw new Error('invoice mail without its invoice');
  return parsed.output;
}

export function invoiceMail(context: MailContext, correction: boolean): { subject: string; preheader: string; blocks: MailBlock[] } {
  const { order } = context;
  const { number, ksefNumber } = readInvoiceMailDetails(context.details);
  const what = correction ? 'Faktura korygująca' : 'Faktura';
  const link = orderLinkBlock(context);
  return {
    subject: `${what} do zamówienia ${order.number}`,
    preheader: `${what} nr ${number} w załączniku (PDF).`,
    blocks: [
      { kind: 'heading', text: `${what} do zamówienia` },
      greeting(),
      {
        kind: 'paragraph',
        text: correction
          ? `w załączniku przesyłamy fakturę korygującą nr ${number} do zamówienia nr ${order.number} (plik PDF).`
          : `w załączniku przesyłamy fakturę nr ${number} do zamówienia nr ${order.number} (plik PDF).`,
      },
      {
        kind: 'rows',
        rows: [
          [correction ? 'Numer korekty' : 'Numer faktury', number],
          ['Numer KSeF', ksefNumber],
          ['Nabywca', order.invoice?.company],
        ],
      },
      {
        kind: 'paragraph',
        text: `${what} została przyjęta w Krajowym Systemie e-Faktur (KSeF). Kod QR na wydruku prowadzi do jej weryfikacji w KSeF.`,
      },
      ...(link.length > 0 ? [{ kind: 'note', text: 'Fakturę pobierzesz też ze strony zamówienia.' } as const, ...link] : []),
    ],
  };
}
