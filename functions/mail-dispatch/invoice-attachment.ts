import { acceptedInvoicePdf } from '../_shared/invoice-pdf/stored-invoice-pdf.ts';
import { readInvoiceMailDetails } from '../_shared/mail/invoice-template.ts';
import type { MailAttachment } from '../_shared/mailer.ts';
import type { AdminClient } from '../_shared/supabase-clients.ts';
import type { ClaimedJob } from './handler.ts';

/** An invoice mail's PDF, made from the stored invoice when the mail is sent; other mails carry no file. */
export async function invoiceAttachments(admin: AdminClient, job: ClaimedJob, qrUrl: string): Promise<MailAttachment[]> {
  if (job.kind !== 'invoice' && job.kind !== 'invoice-correction') return [];
  const { invoiceId } = readInvoiceMailDetails(job.details);
  const pdf = await acceptedInvoicePdf(admin, job.order_id, invoiceId, qrUrl);
  // Retried like a server that is down: the job names an invoice that is not (or no longer) accepted for this order.
  if (!pdf) throw new Error(`invoice ${invoiceId} is not an accepted invoice of the order`);
  return [{ filename: pdf.fileName, contentType: 'application/pdf', content: pdf.content }];
}
