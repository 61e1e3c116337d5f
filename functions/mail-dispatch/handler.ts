import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, type Handler } from '../_shared/http.ts';
import type { MailAttachment, Mailer } from '../_shared/mailer.ts';
import { isMailKind } from '../../src/domain/mail-kinds.ts';
import { mailLinksOrderPage } from '../_shared/mail/order-link-token.ts';
import { renderOrderMail, type MailContext } from '../_shared/mail/templates.ts';

/** A row of public.mail_jobs as claim_mail_jobs returns it. */
export interface ClaimedJob {
  id: string;
  order_id: string;
  kind: string;
  recipient: string;
  attempts: number;
  /** The job's own data (a withdrawal request's receipt); null for mails about the order as a whole. */
  details?: unknown;
}

export interface MailDispatchDeps {
  authenticate: Authenticate;
  /** Null when no mail transport is configured: jobs then stay pending. */
  mailer: Mailer | null;
  /** claim_mail_jobs: due jobs, each now 'sending' with one more attempt. */
  claim(limit: number): Promise<ClaimedJob[]>;
  /** finish_mail_job: null → sent; an error → retried later, or failed after the last attempt. */
  finish(jobId: string, error: string | null): Promise<void>;
  /** The order and the shop's details for the templates; null when the order is gone. */
  loadContext(orderId: string): Promise<MailContext | null>;
  /** A fresh order-page token for the order, its hash stored (order_link_tokens); the token itself only goes into the mail. Absent → links without a token. */
  mintOrderToken?(orderId: string): Promise<string>;
  /** The files a job's mail carries (an invoice's PDF); absent or empty → none. Throws when a file the mail needs cannot be made. */
  attachmentsFor?(job: ClaimedJob): Promise<MailAttachment[]>;
}

export interface DispatchResult {
  claimed: number;
  sent: number;
  /** Jobs that failed this time (retried later, or failed for good after the last attempt). */
  failed: number;
}

/** Jobs per claim, sent concurrently: a dead server costs one timeout per batch, not per mail. */
export const DISPATCH_BATCH = 10;
/** Batches per call at most, so one call stays short. */
const MAX_BATCHES = 5;

async function sendJob(deps: MailDispatchDeps & { mailer: Mailer }, job: ClaimedJob): Promise<boolean> {
  let failure: string | null = null;
  try {
    if (!isMailKind(job.kind)) throw new Error(`unknown mail kind ${job.kind}`);
    const context = await deps.loadContext(job.order_id);
    if (!context) throw new Error('the order no longer exists');
    // Each mail gets its own token (a retry mints another: harmless, each is as good).
    const orderToken =
      deps.mintOrderToken && context.siteUrl && mailLinksOrderPage(job.kind) ? await deps.mintOrderToken(job.order_id) : null;
    const mail = renderOrderMail(job.kind, { ...context, orderToken, details: job.details });
    const attachments = (await deps.attachmentsFor?.(job)) ?? [];
    // The customer answers the shop; the owner's notice answers the customer.
    const replyTo = job.kind.startsWith('owner-') ? context.order.customerEmail : context.shop.email;
    await deps.mailer.send({
      to: job.recipient,
      ...mail,
      ...(replyTo ? { replyTo } : {}),
      ...(attachments.length > 0 ? { attachments } : {}),
    });
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    console.warn(`[mail-dispatch] ${job.kind} for order ${job.order_id} (attempt ${job.attempts}) failed: ${failure}`);
  }
  await deps.finish(job.id, failure);
  return failure === null;
}

/** Sends every due mail job once: claim, render, send, record; a failed batch ends the run (the server is likely down). */
export async function dispatchMail(deps: MailDispatchDeps): Promise<DispatchResult> {
  const result: DispatchResult = { claimed: 0, sent: 0, failed: 0 };
  const { mailer } = deps;
  if (!mailer) return result;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const jobs = await deps.claim(DISPATCH_BATCH);
    result.claimed += jobs.length;
    const outcomes = await Promise.all(jobs.map((job) => sendJob({ ...deps, mailer }, job)));
    const sent = outcomes.filter(Boolean).length;
    result.sent += sent;
    result.failed += outcomes.length - sent;
    if (jobs.length < DISPATCH_BATCH || sent === 0) break;
  }
  return result;
}

/**
 * mail-dispatch: server-to-server only (the service-role or a secret key),
 * called by place-order after an order, by the local backend's timer and,
 * hosted, by pg_cron. Answers { claimed, sent, failed, transport }.
 */
export function createMailDispatchHandler(deps: MailDispatchDeps): Handler {
  return postHandler('mail-dispatch', async (request) => {
    const caller = await deps.authenticate(request);
    if (caller.kind !== 'service') throw new HttpError(403, 'forbidden', 'Ta funkcja jest dostępna tylko dla serwera sklepu.');
    const result = await dispatchMail(deps);
    return jsonResponse(200, { ...result, transport: deps.mailer?.transport ?? null });
  });
}
