import {
  checkSessionMessage,
  checkStatusAnswer,
  parseStatusAnswer,
  signedSessionMessage,
  type GatewayTransaction,
  type PaymentOutcome,
} from '../../src/domain/payu-status.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { HttpError, type Handler } from '../_shared/http.ts';
import {
  applyGatewayTransaction,
  loadGatewaySettings,
  paymentPostHandler,
  readParams,
  type GatewaySettings,
  type PaymentStore,
} from '../_shared/payments.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface PaymentNotificationDeps {
  store: PaymentStore;
  env: Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl' | 'localPaymentSimulator'>;
  fetch: FetchLike;
  now(): number;
}

const MAX_NOTIFICATION_BYTES = 4 * 1024;
const STATUS_TIMEOUT_MS = 10_000;

/**
 * Asks the gateway (Payment/get, signed with key1) what happened in the
 * session, and returns the transaction only if the answer is signed with
 * key2 and is about that very session.
 */
async function queryTransaction(
  deps: PaymentNotificationDeps,
  settings: GatewaySettings,
  sessionId: string,
): Promise<{ transaction: GatewayTransaction; outcome: PaymentOutcome | null }> {
  const request = signedSessionMessage(settings.posId, sessionId, deps.now(), settings.authKey);
  let text: string;
  try {
    const response = await deps.fetch(settings.statusUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(request).toString(),
      signal: AbortSignal.timeout(STATUS_TIMEOUT_MS),
    });
    text = await response.text();
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
  } catch (error) {
    console.error('[payment-notification] the gateway status query failed', error);
    throw new HttpError(502, 'gateway_unreachable', 'Payment status could not be checked with the gateway');
  }
  const checked = checkStatusAnswer(parseStatusAnswer(text), { posId: settings.posId, sessionId }, settings.key2, deps.now());
  if (!checked.ok) {
    console.error(`[payment-notification] refused the gateway's status answer: ${checked.reason}`);
    throw new HttpError(502, 'gateway_answer_refused', 'The gateway status answer could not be verified');
  }
  return { transaction: checked.transaction, outcome: checked.outcome };
}

/**
 * The gateway's report (PayU classic UrlOnline): { pos_id, session_id, ts,
 * sig = md5(pos_id + session_id + ts + key2) }, as a form or JSON, exactly
 * those fields. A report is only a reason to look: the order changes only by
 * what the gateway answers to the shop's own signed status query. Answers
 * 'OK' (what the gateway waits for) or a JSON error; repeating it is harmless.
 */
export function createPaymentNotificationHandler(deps: PaymentNotificationDeps): Handler {
  return paymentPostHandler(
    'payment-notification',
    (error) => ({ error: error.code, message: error.message }),
    async (request) => {
      const fields = await readParams(request, MAX_NOTIFICATION_BYTES);
      const settings = await loadGatewaySettings(deps.store, deps.env);
      if (!settings) throw new HttpError(503, 'configuration_missing', 'Payment gateway configuration is missing');

      const report = checkSessionMessage(fields, settings.posId, settings.key2, deps.now());
      if (!report.ok && report.reason === 'shape') {
        throw new HttpError(400, 'validation_failed', 'A notification has exactly pos_id, session_id, ts and sig, in their formats');
      }
      if (!report.ok && report.reason === 'signature') throw new HttpError(401, 'invalid_signature', 'Invalid notification signature');
      if (!report.ok) throw new HttpError(400, 'stale_notification', 'The notification is too old');

      const { transaction, outcome } = await queryTransaction(deps, settings, fields.session_id!);
      if (outcome) {
        const applied = await applyGatewayTransaction(deps.store, transaction, outcome);
        if (applied.kind !== 'recorded') {
          // The gateway vouched for it, so this is the shop's data or a misrouted session: log, never change the order.
          console.error(`[payment-notification] transaction ${transaction.id} not applied: ${applied.kind}`);
          throw new HttpError(409, applied.kind, 'The payment does not match the order');
        }
      }
      return new Response('OK', { status: 200, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
    },
  );
}
