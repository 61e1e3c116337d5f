import type { CheckoutForm } from '../../domain/checkout-schema.ts';
import { PAYMENT_REDIRECT_DELAY_MS, checkRedirectUrl } from '../../domain/payu-classic.ts';
import { NetworkError, bodyField, callFunction } from '../../lib/functions-client.ts';
import {
  PAYMENT_NO_REDIRECT,
  PAYMENT_SESSION_FALLBACK,
  PAYMENT_START_FALLBACK,
  PAYU_NO_REDIRECT,
  payuErrorMessage,
} from './payment-errors.ts';
import type { PlacedOrder } from '../../domain/place-order-contract.ts';

export type PaymentStart = { ok: true; redirectUrl: string } | { ok: false; message: string };

/**
 * Which order to pay and the proof that this device (or this signed-in
 * customer) placed it; everything the gateway is sent comes from the stored order.
 */
function paymentRequest(order: PlacedOrder): { orderId: string; accessKey?: string } {
  return order.accessKey ? { orderId: order.id, accessKey: order.accessKey } : { orderId: order.id };
}

/**
 * docs/spec.md §4 'Payment start' for the payu method: the create-payu-classic-payment
 * function signs the gateway parameters from the order as stored; the browser
 * only checks the address it got back.
 */
export async function startPayuPayment(order: PlacedOrder, accessToken: string | null): Promise<PaymentStart> {
  try {
    const answer = await callFunction('create-payu-classic-payment', paymentRequest(order), { accessToken });
    const success = typeof answer.body === 'object' && answer.body !== null && (answer.body as { success?: unknown }).success === true;
    if (!answer.ok || !success) {
      return { ok: false, message: payuErrorMessage(bodyField(answer.body, 'error') ?? `HTTP ${answer.status}: ${answer.statusText}`) };
    }
    const redirectUrl = bodyField(answer.body, 'redirectUrl');
    if (!redirectUrl) return { ok: false, message: PAYU_NO_REDIRECT };
    const check = checkRedirectUrl(redirectUrl);
    if (!check.valid) return { ok: false, message: payuErrorMessage(check.errors.join(', ')) };
    return { ok: true, redirectUrl };
  } catch (error) {
    return { ok: false, message: payuErrorMessage(error instanceof NetworkError ? 'network error' : undefined) };
  }
}

/** Card and BLIK (docs/spec.md §7 create-payment): the provider's page, or the local simulator without a provider key. */
export async function startCardPayment(order: PlacedOrder, accessToken: string | null): Promise<PaymentStart> {
  try {
    const answer = await callFunction('create-payment', paymentRequest(order), { accessToken });
    if (!answer.ok) {
      const detail =
        bodyField(answer.body, 'details') ?? bodyField(answer.body, 'error') ?? (typeof answer.body === 'string' ? answer.body : undefined);
      return { ok: false, message: detail ?? PAYMENT_SESSION_FALLBACK };
    }
    const url = bodyField(answer.body, 'url');
    if (!url || !/^https?:\/\//i.test(url)) return { ok: false, message: PAYMENT_NO_REDIRECT };
    return { ok: true, redirectUrl: url };
  } catch {
    return { ok: false, message: PAYMENT_START_FALLBACK };
  }
}

/** docs/spec.md §9: the browser leaves for the gateway 500 ms after the address is confirmed. */
export async function redirectToPayment(
  url: string,
  navigate: (url: string) => void = (target) => window.location.assign(target),
): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, PAYMENT_REDIRECT_DELAY_MS));
  navigate(url);
}

/**
 * Starts the payment of an order that was placed earlier (sent from the
 * device's outbox after the customer was offline) and leaves for the gateway.
 */
export async function payForPlacedOrder(
  order: PlacedOrder,
  customer: Pick<CheckoutForm, 'paymentMethod'>,
  accessToken: string | null,
): Promise<{ ok: false; message: string } | { ok: true }> {
  const start = customer.paymentMethod === 'payu' ? await startPayuPayment(order, accessToken) : await startCardPayment(order, accessToken);
  if (!start.ok) return start;
  await redirectToPayment(start.redirectUrl);
  return { ok: true };
}
