import { checkRedirectUrl } from '../../src/domain/payu-classic-checks.ts';
import { validatePaymentRequest } from '../../src/domain/payu-classic-validation.ts';
import { splitCustomerName } from '../../src/domain/payu-fields.ts';
import type { Authenticate } from '../_shared/caller-auth.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { HttpError, jsonResponse, readJsonObject, type Handler } from '../_shared/http.ts';
import { assertOrderAccess, readPaymentTarget } from '../_shared/order-access.ts';
import {
  isPayable,
  loadGatewaySettings,
  orderGatewayRedirect,
  paymentPostHandler,
  PAYMENT_REFUSALS,
  recordClassicStart,
  type PaymentOrder,
  type PaymentStore,
} from '../_shared/payments.ts';

export interface CreatePayuClassicPaymentDeps {
  /** The checkout or the admin's test page calls: anon/publishable key or a signed-in user; anything else is 401. */
  authenticate: Authenticate;
  store: PaymentStore;
  env: Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl' | 'localPaymentSimulator'>;
  now(): number;
}

// The spec's testing tab and checkout map a message naming the configuration ('konfiguracj') to their own Polish text.
export const CONFIGURATION_MISSING = 'Brak konfiguracji bramki płatności.';

/** docs/spec.md §5's payment checks, applied to what the gateway will be sent: the stored order. */
function checkStoredOrder(order: PaymentOrder): void {
  const { firstName, lastName } = splitCustomerName(order.customerName);
  const checked = validatePaymentRequest({
    orderId: order.id,
    totalAmount: order.total / 100,
    buyer: { email: order.customerEmail, phone: order.customerPhone, firstName, lastName },
    products: order.items.map((item) => ({ name: item.name, unitPrice: item.price / 100, quantity: item.quantity })),
  });
  if (!checked.ok) throw new HttpError(422, 'validation_failed', checked.errors.join(', '));
}

/**
 * docs/spec.md §7 create-payu-classic-payment: { orderId, accessKey? } from the
 * order's buyer (their session or the key their device got at placement)
 * → { success: true, redirectUrl }, every signed field built from the order
 * AS STORED; or { success: false, error }.
 */
export function createPayuClassicPaymentHandler(deps: CreatePayuClassicPaymentDeps): Handler {
  return paymentPostHandler(
    'create-payu-classic-payment',
    (error) => ({ success: false, error: error.message }),
    async (request) => {
      const caller = await deps.authenticate(request);
      // An older client's buyer, description and lines may still come along: they are ignored.
      const target = readPaymentTarget(await readJsonObject(request));
      if (!target) throw new HttpError(400, 'validation_failed', PAYMENT_REFUSALS.missingOrder);
      const { orderId, accessKey, linkToken } = target;
      const order = await deps.store.findOrderById(orderId);
      if (!order) throw new HttpError(404, 'order_not_found', PAYMENT_REFUSALS.notFound);
      await assertOrderAccess(deps.store, order, { caller, accessKey, linkToken });
      if (!isPayable(order)) throw new HttpError(409, 'order_closed', PAYMENT_REFUSALS.closed);
      checkStoredOrder(order);

      const settings = await loadGatewaySettings(deps.store, deps.env);
      if (!settings) throw new HttpError(503, 'configuration_missing', CONFIGURATION_MISSING);

      const redirect = orderGatewayRedirect(settings, order, { paymentLabel: 'payu', ts: deps.now() });
      if (!redirect || !checkRedirectUrl(redirect.url).valid) {
        // A broken gateway URL setting, or order data the gateway's field rules do not allow.
        throw new HttpError(503, 'configuration_missing', CONFIGURATION_MISSING);
      }
      await recordClassicStart(deps.store, order, redirect.params.session_id!);
      return jsonResponse(200, { success: true, redirectUrl: redirect.url });
    },
  );
}
