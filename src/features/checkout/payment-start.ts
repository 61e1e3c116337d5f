import { PAYMENT_REDIRECT_DELAY_MS } from '../../domain/payu-classic.ts';
import { bodyField, callFunction } from '../../lib/functions-client.ts';
import { PAYMENT_NO_REDIRECT, PAYMENT_SESSION_FALLBACK, PAYMENT_START_FALLBACK } from './payment-errors.ts';
import type { PlacedOrder } from '../../domain/place-order-contract.ts';

export type PaymentStart =
  /** The gateway's page (PayU, Stripe, or a local simulator). */
  | { kind: 'redirect'; url: string }
  /** PayU took the BLIK code: the customer confirms in the bank's app, the notification settles it. */
  | { kind: 'blik-pending' }
  /** `codeRefused`: the gateway said no to the BLIK code itself (a new code may pay). */
  | { kind: 'error'; message: string; codeRefused?: boolean };

/**
 * Which order to pay and the proof that this device (or this signed-in
 * customer) placed it, or the order page's link token from the mail;
 * everything the gateway is sent comes from the stored order.
 */
function paymentRequest(
  order: PlacedOrder,
  blikCode: string | undefined,
  linkToken: string | undefined,
): { orderId: string; accessKey?: string; linkToken?: string; blikCode?: string } {
  return {
    orderId: order.id,
    ...(order.accessKey ? { accessKey: order.accessKey } : {}),
    ...(linkToken ? { linkToken } : {}),
    ...(blikCode ? { blikCode } : {}),
  };
}

/**
 * docs/spec.md §7 create-payment, for every online method: the function picks
 * the gateway (PayU REST or classic, Stripe) from the stored order and the
 * shop's settings. With a BLIK code it may answer { blik: 'pending' } instead
 * of a page to go to. Errors read as docs/spec.md §8 'Payment session'.
 */
export async function startPayment(
  order: PlacedOrder,
  accessToken: string | null,
  blikCode?: string,
  linkToken?: string,
): Promise<PaymentStart> {
  try {
    const answer = await callFunction('create-payment', paymentRequest(order, blikCode, linkToken), { accessToken });
    if (!answer.ok) {
      // `details` is create-payment's Polish sentence; `error` is its English code, never shown to the customer.
      const detail = bodyField(answer.body, 'details');
      // 400: not six digits; 422: PayU refused the code (wrong, expired, used).
      const codeRefused = blikCode !== undefined && (answer.status === 400 || answer.status === 422);
      return { kind: 'error', message: detail || PAYMENT_SESSION_FALLBACK, ...(codeRefused ? { codeRefused } : {}) };
    }
    if (blikCode !== undefined && bodyField(answer.body, 'blik') === 'pending') return { kind: 'blik-pending' };
    const url = bodyField(answer.body, 'url');
    if (!url || !/^https?:\/\//i.test(url)) return { kind: 'error', message: PAYMENT_NO_REDIRECT };
    return { kind: 'redirect', url };
  } catch {
    return { kind: 'error', message: PAYMENT_START_FALLBACK };
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
 * device's outbox after the customer was offline, or 'Zapłać teraz' on the
 * order's page) and leaves for the gateway. No BLIK code here: a BLIK order
 * goes to the gateway's page with BLIK chosen.
 */
export async function payForPlacedOrder(
  order: PlacedOrder,
  accessToken: string | null,
  linkToken?: string,
): Promise<{ ok: false; message: string } | { ok: true }> {
  const start = await startPayment(order, accessToken, undefined, linkToken);
  if (start.kind === 'error') return { ok: false, message: start.message };
  // Without a code create-payment answers a page; a pending BLIK here would be a broken server.
  if (start.kind !== 'redirect') return { ok: false, message: PAYMENT_NO_REDIRECT };
  await redirectToPayment(start.url);
  return { ok: true };
}
