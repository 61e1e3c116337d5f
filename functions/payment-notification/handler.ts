import { signGatewayParams, verifyGatewaySignature } from '../../src/domain/payu-classic.ts';
import { HttpError, jsonResponse, postHandler, type Handler } from '../_shared/http.ts';
import { PAYU_STATUSES, applyPaymentReport, readParams, type PaymentStore, type PayuStatus } from '../_shared/payments.ts';

export interface PaymentNotificationDeps {
  store: PaymentStore;
}

export const NOTIFICATION_FIELDS = ['pos_id', 'session_id', 'order_id', 'status', 'amount', 'ts', 'sig'] as const;
const MAX_NOTIFICATION_BYTES = 8 * 1024;

/** How a gateway (or a test) signs a notification: the §5 rule over its fields. */
export function signNotification(fields: Record<string, string>, authKey: string): string {
  return signGatewayParams(fields, authKey);
}

function isPayuStatus(value: string): value is PayuStatus {
  return (PAYU_STATUSES as readonly string[]).includes(value);
}

/**
 * The gateway's report of a payment: { pos_id, session_id, order_id,
 * status, amount, ts, sig } as JSON or a form, sig = MD5 over the sorted
 * values plus the auth key. Checks, in order: shape (400), configuration
 * (503), POS and signature (401), order (404), amount (409); then records
 * the status and answers { ok: true }. Repeating a report is harmless.
 */
export function createPaymentNotificationHandler(deps: PaymentNotificationDeps): Handler {
  return postHandler('payment-notification', async (request) => {
    const fields = await readParams(request, MAX_NOTIFICATION_BYTES);
    const missing = NOTIFICATION_FIELDS.filter((field) => !fields[field]);
    if (missing.length > 0) throw new HttpError(400, 'validation_failed', `Missing required fields: ${missing.join(', ')}`);
    const status = fields.status!;
    if (!isPayuStatus(status)) throw new HttpError(400, 'validation_failed', `Unknown payment status: ${status.slice(0, 40)}`);

    const settings = await deps.store.loadSettings(['payu_classic_pos_id', 'payu_classic_pos_auth_key']);
    const posId = settings.payu_classic_pos_id?.trim() ?? '';
    const authKey = settings.payu_classic_pos_auth_key?.trim() ?? '';
    if (!posId || !authKey) throw new HttpError(503, 'configuration_missing', 'Payment gateway configuration is missing');
    if (fields.pos_id !== posId || !verifyGatewaySignature(fields, authKey)) {
      throw new HttpError(401, 'invalid_signature', 'Invalid notification signature');
    }

    const outcome = await applyPaymentReport(deps.store, { orderNumber: fields.order_id!, amount: fields.amount!, status });
    if (outcome.kind === 'order_not_found') throw new HttpError(404, 'order_not_found', 'Order not found');
    if (outcome.kind === 'amount_mismatch') throw new HttpError(409, 'amount_mismatch', 'Amount does not match the order');
    return jsonResponse(200, { ok: true });
  });
}
