import { grosz } from '../../src/domain/money.ts';
import { ledgerStateOfPayuRefundStatus, notificationSubject, verifyOpenPayuSignature } from '../../src/domain/payu-rest.ts';
import type { LedgerOutcome } from '../../src/domain/payment-ledger.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { HttpError, jsonResponse, type Handler } from '../_shared/http.ts';
import type { LedgerStore } from '../_shared/ledger.ts';
import { paymentPostHandler, type PaymentStore } from '../_shared/payments.ts';
import { retrieveAndApplyPayuOrder } from '../_shared/payu-rest-apply.ts';
import {
  createPayuRestClient,
  loadPayuRestSettings,
  PayuRestError,
  type FetchLike,
  type PayuRestClient,
} from '../_shared/payu-rest-client.ts';

export interface PayuNotifyDeps {
  store: Pick<PaymentStore, 'findOrderByNumber' | 'loadSettings'>;
  ledger: Pick<LedgerStore, 'applyPaymentEvent' | 'applyRefundEvent'>;
  env: Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl' | 'localPaymentSimulator'>;
  fetch: FetchLike;
  now(): number;
}

/** PayU's notifications are a few kilobytes; anything much larger is not one. */
export const MAX_NOTIFICATION_BYTES = 64 * 1024;
const SIGNATURE_HEADERS = ['openpayu-signature', 'x-openpayu-signature'];

async function readRawBody(request: Request): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > MAX_NOTIFICATION_BYTES) throw new HttpError(413, 'payload_too_large', 'Notification too large');
  const body = await request.text();
  if (new TextEncoder().encode(body).length > MAX_NOTIFICATION_BYTES)
    throw new HttpError(413, 'payload_too_large', 'Notification too large');
  return body;
}

function signatureHeader(request: Request): string | null {
  for (const name of SIGNATURE_HEADERS) {
    const value = request.headers.get(name);
    if (value !== null) return value;
  }
  return null;
}

/** PayU could not be asked: 502, so that PayU sends the notification again later. */
function unreachable(error: unknown): never {
  if (error instanceof PayuRestError) {
    console.error(`[payu-notify] asking PayU failed: ${error.message}`);
    throw new HttpError(502, 'gateway_unreachable', 'Payment status could not be checked with PayU');
  }
  throw error;
}

function handled(outcome: LedgerOutcome | 'ignored'): Response {
  return jsonResponse(200, { status: 'ok', outcome }, { 'Cache-Control': 'no-store' });
}

async function applyOrder(deps: PayuNotifyDeps, client: PayuRestClient, payuOrderId: string): Promise<Response> {
  return handled(await retrieveAndApplyPayuOrder(deps, client, payuOrderId).catch(unreachable));
}

async function applyRefund(deps: PayuNotifyDeps, client: PayuRestClient, payuOrderId: string, refundId: string): Promise<Response> {
  const refund = await client.retrieveRefund(payuOrderId, refundId).catch(unreachable);
  if (!refund || refund.refundId !== refundId) {
    console.error(`[payu-notify] PayU does not report refund ${refundId} of order ${payuOrderId}`);
    throw new HttpError(502, 'gateway_answer_refused', 'PayU did not confirm the notified refund');
  }
  const state = ledgerStateOfPayuRefundStatus(refund.status);
  if (!state || !refund.extRefundId) {
    // A refund made in PayU's panel has no shop refund id: the owner records it by hand.
    console.error(
      `[payu-notify] refund ${refundId} of order ${payuOrderId} ignored: ${refund.extRefundId ? 'unknown status' : 'not made by the shop'}`,
    );
    return handled('ignored');
  }
  const outcome = await deps.ledger.applyRefundEvent({
    provider: 'payu-rest',
    eventId: `${payuOrderId}:refund:${refund.refundId}:${refund.status}`,
    refundId: refund.extRefundId,
    providerRefundId: refund.refundId,
    amount: grosz(Number(refund.amount)),
    currency: refund.currencyCode,
    state,
    content: refund,
  });
  if (outcome !== 'applied' && outcome !== 'duplicate') console.error(`[payu-notify] refund ${refundId} not applied: ${outcome}`);
  return handled(outcome);
}

/**
 * PayU REST's notifyUrl. The raw body is verified against OpenPayu-Signature
 * (second key) before anything in it is read; a notification is then only a
 * reason to look: the shop asks PayU for the order (or refund) and records
 * only PayU's answer, through the ledger, which refuses other amounts and
 * currencies and ignores repeats. Every handled notification is answered
 * 200 (PayU resends anything else): 401 for a bad signature, 502 when PayU
 * cannot be asked, 503 without settings. Errors are `{ error, message }`.
 */
export function createPayuNotifyHandler(deps: PayuNotifyDeps): Handler {
  return paymentPostHandler(
    'payu-notify',
    (error) => ({ error: error.code, message: error.message }),
    async (request) => {
      const raw = await readRawBody(request);
      const settings = await loadPayuRestSettings(deps.store, deps.env);
      if (!settings) throw new HttpError(503, 'configuration_missing', 'Payment gateway configuration is missing');
      if (!(await verifyOpenPayuSignature(signatureHeader(request), raw, settings.secondKey))) {
        throw new HttpError(401, 'invalid_signature', 'Invalid notification signature');
      }

      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        throw new HttpError(400, 'invalid_json', 'The notification is not JSON');
      }
      const subject = notificationSubject(body);
      if (!subject) {
        // Signed by PayU, so sending it again would not make it readable.
        console.error('[payu-notify] a signed notification of an unknown shape was ignored');
        return handled('ignored');
      }
      const client = createPayuRestClient(settings, deps.fetch, deps.now);
      return subject.kind === 'order'
        ? applyOrder(deps, client, subject.orderId)
        : applyRefund(deps, client, subject.orderId, subject.refundId);
    },
  );
}
