import { checkSessionMessage } from '../../src/domain/payu-status.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { HttpError, type Handler } from '../_shared/http.ts';
import { applyGatewayTransaction, loadGatewaySettings, paymentPostHandler, readParams, type PaymentStore } from '../_shared/payments.ts';
import { queryClassicTransaction } from '../_shared/payu-classic-lookup.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface PaymentNotificationDeps {
  store: PaymentStore;
  env: Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl' | 'localPaymentSimulator'>;
  fetch: FetchLike;
  now(): number;
}

const MAX_NOTIFICATION_BYTES = 4 * 1024;
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

      const { transaction, outcome } = await queryClassicTransaction(deps, settings, fields.session_id!);
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
