import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, type Handler } from '../_shared/http.ts';
import { sha256, toBase64, utf8 } from '../_shared/ksef/bytes.ts';
import type { KsefSendResult } from '../_shared/ksef/send-invoice.ts';
import { invoiceOutcome, type InvoiceOutcome } from './outcome.ts';

/** An invoice claimed for this run (public.claim_ksef_invoices): now 'sent', leased to this run. */
export interface ClaimedInvoice {
  id: string;
  number: string;
  xml: string;
  /** Claims so far, this one included. */
  attempts: number;
  /** The seller's NIP as written in the invoice. */
  sellerNip: string;
}

export interface KsefSendStore {
  claim(limit: number): Promise<ClaimedInvoice[]>;
  /** The shop's NIP in the settings now (the KSeF context to sign in for), or null when not set. */
  shopNip(): Promise<string | null>;
  /** Stores the outcome if this run still holds the claim; false when another run took the invoice since. */
  record(invoice: ClaimedInvoice, outcome: InvoiceOutcome, now: number): Promise<boolean>;
}

/** One invoice through KSeF; null when KSeF is not configured (no certificate set). */
export type SendToKsef = ((xml: string, nip: string) => Promise<KsefSendResult>) | null;

export interface KsefSendDeps {
  authenticate: Authenticate;
  store: KsefSendStore;
  send: SendToKsef;
  now: () => number;
}

export interface KsefSendSummary {
  configured: boolean;
  claimed: number;
  accepted: number;
  rejected: number;
  queued: number;
}

/** Invoices per run, sent one after another: each is a whole KSeF session, and a run must end well within the function's time. */
export const INVOICES_PER_RUN = 10;

/** Sends every due invoice once and stores KSeF's answer. */
export async function sendDueInvoices(deps: KsefSendDeps): Promise<KsefSendSummary> {
  const summary: KsefSendSummary = { configured: deps.send !== null, claimed: 0, accepted: 0, rejected: 0, queued: 0 };
  if (!deps.send) return summary;
  const invoices = await deps.store.claim(INVOICES_PER_RUN);
  summary.claimed = invoices.length;
  if (invoices.length === 0) return summary;
  const shopNip = await deps.store.shopNip();
  for (const invoice of invoices) {
    let result: KsefSendResult;
    try {
      result = await deps.send(invoice.xml, shopNip ?? invoice.sellerNip);
    } catch (error) {
      // A fault of ours (a broken certificate, a bug), not KSeF's answer: try later, and say so in the log.
      console.error(`[ksef-send] ${invoice.number}: ${error instanceof Error ? error.message : String(error)}`);
      result = { outcome: 'unavailable', reason: 'send failed' };
    }
    if (result.outcome === 'unavailable') console.warn(`[ksef-send] ${invoice.number} (try ${invoice.attempts}): ${result.reason}`);
    const xmlHash = toBase64(await sha256(utf8(invoice.xml)));
    const now = deps.now();
    const outcome = invoiceOutcome(result, { attempts: invoice.attempts, now, xmlHash });
    if (await deps.store.record(invoice, outcome, now)) summary[outcome.state] += 1;
  }
  return summary;
}

/**
 * ksef-send: server-to-server only (the secret key), called by the local
 * backend's timer and, hosted, by pg_cron (docs/decisions/040-ksef-send.md).
 */
export function createKsefSendHandler(deps: KsefSendDeps): Handler {
  return postHandler('ksef-send', async (request) => {
    const caller = await deps.authenticate(request);
    if (caller.kind !== 'service') throw new HttpError(403, 'forbidden', 'Ta funkcja jest dostępna tylko dla serwera sklepu.');
    return jsonResponse(200, await sendDueInvoices(deps));
  });
}
