import * as v from 'valibot';
import { ownerInvoiceRequestSchema } from '../../src/domain/invoice/request-schema.ts';
import { issuesByField } from '../../src/domain/validation-issues.ts';
import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';
import { issueCorrection, issueInvoice, type InvoiceRecord, type InvoiceStore } from './issue.ts';
import { resendInvoice, type ResendStore } from './resend.ts';

export interface InvoiceJobsStore {
  isShopOwner(userId: string): Promise<boolean>;
  /** Claims due invoice jobs (public.claim_invoice_jobs): their order ids. */
  claimJobs(limit: number): Promise<{ orderId: string; attempts: number }[]>;
  /** A job whose order has its invoice (issued now, or before by the owner's button). */
  finishJob(orderId: string): Promise<void>;
  /** A job that could not issue: tried again at `retryAt`, or given up (null) with the reason for the owner. */
  failJob(orderId: string, reason: string, retryAt: string | null): Promise<void>;
}

export interface OwnerInvoicesDeps {
  authenticate: Authenticate;
  store: InvoiceStore & InvoiceJobsStore & ResendStore;
  now: () => number;
}

const JOBS_PER_RUN = 10;
const UNEXPECTED_JOB_FAILURE = 'Błąd serwera sklepu.';
const MAX_JOB_ATTEMPTS = 8;

/** Backoff of a failed job: 1, 2, 4 … minutes, at most 6 hours. */
export function invoiceRetryAt(now: number, attempts: number): string | null {
  if (attempts >= MAX_JOB_ATTEMPTS) return null;
  const minutes = Math.min(2 ** Math.max(attempts - 1, 0), 360);
  return new Date(now + minutes * 60_000).toISOString();
}

const view = (invoice: InvoiceRecord) => ({ id: invoice.id, number: invoice.number, kind: invoice.kind, state: invoice.state });

/** Issues the invoices of orders paid since the last run (queued by the ledger's trigger). */
async function drain(deps: OwnerInvoicesDeps): Promise<Response> {
  const jobs = await deps.store.claimJobs(JOBS_PER_RUN);
  let issued = 0;
  let failed = 0;
  for (const job of jobs) {
    try {
      await issueInvoice(deps.store, job.orderId, deps.now());
      await deps.store.finishJob(job.orderId);
      issued += 1;
    } catch (error) {
      failed += 1;
      const detail = error instanceof Error ? error.message : String(error);
      console.warn(`[owner-invoices] the invoice of order ${job.orderId} (attempt ${job.attempts}) failed: ${detail}`);
      // The owner reads the reason in the order detail: our own refusals are Polish, anything else is not hers to read.
      const reason = error instanceof HttpError ? error.message : UNEXPECTED_JOB_FAILURE;
      await deps.store.failJob(job.orderId, reason.slice(0, 1000), invoiceRetryAt(deps.now(), job.attempts));
    }
  }
  return jsonResponse(200, { claimed: jobs.length, issued, failed });
}

/**
 * Invoices: the owner's 'Wystaw fakturę', 'Wystaw korektę' and 'Wyślij
 * ponownie' (a rejected invoice rebuilt), and, for the
 * server's scheduler (service role), the invoices of paid company orders.
 */
export function createOwnerInvoicesHandler(deps: OwnerInvoicesDeps): Handler {
  return postHandler('owner-invoices', async (request) => {
    const caller = await deps.authenticate(request);
    if (caller.kind === 'service') return drain(deps);
    if (caller.kind !== 'user') throw new HttpError(401, 'not_signed_in', 'Zaloguj się jako właściciel sklepu.');
    if (!(await deps.store.isShopOwner(caller.userId))) throw new HttpError(403, 'not_owner', 'Tylko właściciel sklepu może to zrobić.');
    const parsed = v.safeParse(ownerInvoiceRequestSchema, await readJsonObject(request));
    if (!parsed.success) {
      const fields = issuesByField(parsed.issues);
      throw new HttpError(400, 'validation_failed', Object.values(fields)[0] ?? 'Nieprawidłowe dane.', fields);
    }
    const body = parsed.output;
    const invoice =
      body.action === 'issue'
        ? await issueInvoice(deps.store, body.orderId, deps.now())
        : body.action === 'correct'
          ? await issueCorrection(deps.store, body.orderId, body.reason, deps.now())
          : await resendInvoice(deps.store, body.invoiceId, deps.now());
    return jsonResponse(200, { invoice: view(invoice) });
  });
}
