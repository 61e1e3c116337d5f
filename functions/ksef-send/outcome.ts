import { fromBase64OrBase64Url, toBase64Url } from '../_shared/ksef/bytes.ts';
import { isValidKsefNumber } from '../_shared/ksef/ksef-number.ts';
import { nextSendDelayMs } from '../_shared/ksef/retry.ts';
import type { KsefSendResult } from '../_shared/ksef/send-invoice.ts';

/**
 * What one send to KSeF leaves on the invoice's row (docs/decisions/040-ksef-send.md):
 * accepted with the KSeF number, the UPO and the file's hash; rejected with
 * KSeF's reason for the owner to fix; or queued again with a Polish note why.
 */
export type InvoiceOutcome =
  | {
      state: 'accepted';
      ksefNumber: string;
      /** '<session reference>/<invoice reference>': both are needed to fetch the UPO again. */
      ksefReference: string | null;
      upo: string | null;
      /** SHA-256 of the XML sent, base64url: the last part of the KOD I link. */
      ksefHash: string;
    }
  | { state: 'rejected'; reason: string }
  | { state: 'queued'; note: string; retryAt: string };

const REASON_LIMIT = 2000;
/** KSeF's 'Duplikat faktury': the seller already sent an invoice with this number. */
const DUPLICATE = 440;

export function rejectionReason(code: number, description: string, details: readonly string[]): string {
  const text = `${description.trim() || 'Faktura odrzucona'} (kod ${code})${details.length > 0 ? `: ${details.join('; ')}` : ''}`;
  return text.length > REASON_LIMIT ? `${text.slice(0, REASON_LIMIT - 1)}…` : text;
}

export function base64UrlHash(hash: string): string {
  return toBase64Url(fromBase64OrBase64Url(hash));
}

export interface SendContext {
  /** The claim count of this invoice, this try included. */
  attempts: number;
  now: number;
  /** SHA-256 of the invoice's XML (base64 or base64url). */
  xmlHash: string;
}

/**
 * Maps the client's answer to the row's next state. A sign-in refusal is not
 * the invoice's fault (an expired certificate, a missing permission): the
 * invoice waits and the owner sees why. A duplicate refusal on a retried send
 * means an earlier try of this very row got through before its run died: KSeF
 * names that invoice's number, and it is the same file (a row's XML never
 * changes while it is being sent), so it counts as accepted.
 */
export function invoiceOutcome(result: KsefSendResult, context: SendContext): InvoiceOutcome {
  if (result.outcome === 'accepted') {
    return {
      state: 'accepted',
      ksefNumber: result.ksefNumber,
      ksefReference: `${result.sessionReferenceNumber}/${result.invoiceReferenceNumber}`.slice(0, 100),
      upo: result.upo,
      ksefHash: base64UrlHash(result.invoiceHash),
    };
  }
  const retryAt = new Date(context.now + nextSendDelayMs(context.attempts)).toISOString();
  if (result.outcome === 'unavailable') return { state: 'queued', note: 'KSeF nie odpowiada. Sklep spróbuje ponownie.', retryAt };
  if (result.stage === 'auth') {
    return {
      state: 'queued',
      note: `KSeF odmówił logowania certyfikatem sklepu: ${rejectionReason(result.code, result.description, [])}`,
      retryAt,
    };
  }
  if (result.code === DUPLICATE && context.attempts > 1) {
    const earlier = result.details
      .flatMap((detail) => detail.match(/\b\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}\b/g) ?? [])
      .find(isValidKsefNumber);
    if (earlier)
      return { state: 'accepted', ksefNumber: earlier, ksefReference: null, upo: null, ksefHash: base64UrlHash(context.xmlHash) };
  }
  return { state: 'rejected', reason: rejectionReason(result.code, result.description, result.details) };
}
