import { checkRedirectUrl, validatePaymentRequest } from '../../src/domain/payu-classic.ts';
import type { FunctionEnv } from '../_shared/env.ts';
import { HttpError, jsonResponse, readJsonObject, type Handler } from '../_shared/http.ts';
import { isPayable, loadGatewaySettings, orderGatewayRedirect, paymentPostHandler, type PaymentStore } from '../_shared/payments.ts';

export interface CreatePayuClassicPaymentDeps {
  store: PaymentStore;
  env: Pick<FunctionEnv, 'supabaseUrl' | 'siteUrl'>;
  now(): number;
}

export const CONFIGURATION_MISSING = 'Payment gateway configuration is missing';

/**
 * Spec §7 create-payu-classic-payment: checks the body with the §5 rules,
 * then signs a gateway redirect built from the order AS STORED — amount,
 * lines and buyer never come from the body. Answers
 * { success: true, redirectUrl } or { success: false, error }.
 */
export function createPayuClassicPaymentHandler(deps: CreatePayuClassicPaymentDeps): Handler {
  return paymentPostHandler(
    'create-payu-classic-payment',
    (error) => ({ success: false, error: error.message }),
    async (request) => {
      const body = await readJsonObject(request);
      const checked = validatePaymentRequest(body);
      if (!checked.ok) throw new HttpError(400, 'validation_failed', checked.errors.join(', '));
      if (!checked.value.orderId) throw new HttpError(400, 'validation_failed', 'Order id is required');

      const order = await deps.store.findOrderById(checked.value.orderId);
      if (!order) throw new HttpError(404, 'order_not_found', 'Order not found');
      if (!isPayable(order)) throw new HttpError(409, 'order_closed', 'Order is already paid or closed');

      const settings = await loadGatewaySettings(deps.store, deps.env);
      if (!settings) throw new HttpError(503, 'configuration_missing', CONFIGURATION_MISSING);

      const redirect = orderGatewayRedirect(settings, order, {
        paymentLabel: 'payu',
        description: checked.value.description,
        ts: deps.now(),
      });
      if (!redirect || !checkRedirectUrl(redirect.url).valid) {
        // Only a broken gateway URL setting can get here: the order data always fits.
        throw new HttpError(503, 'configuration_missing', CONFIGURATION_MISSING);
      }
      return jsonResponse(200, { success: true, redirectUrl: redirect.url });
    },
  );
}
