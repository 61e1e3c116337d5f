import { userIdOf, type Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';
import { hashOrderLinkToken, isOrderLinkTokenShape } from '../_shared/mail/order-link-token.ts';
import { hashAccessKey, isAccessKeyShape } from '../_shared/order-access.ts';
import { canPayNow, isPaymentInProgress, orderPageView, type OrderPageRow, type PaymentAttempt } from './view.ts';

export interface OrderPageDeps {
  /** Guests with the anon/publishable key, or a signed-in customer. */
  authenticate: Authenticate;
  /** The order by its number (payu_order_id), or null. */
  findOrder(number: string): Promise<OrderPageRow | null>;
  /** Whether this token hash opens this order (order_link_tokens). */
  hasLinkToken(orderId: string, tokenHash: string): Promise<boolean>;
  /** A fresh device access key for the order (order_access_keys, hash only), for 'Zapłać teraz'. */
  mintAccessKey(orderId: string): Promise<string>;
  /** Whether this key hash is one of the order's device access keys (order_access_keys). */
  hasAccessKey(orderId: string, keyHash: string): Promise<boolean>;
  /** The order's newest gateway attempt (payments ledger), or null before any. */
  latestAttempt(orderId: string): Promise<PaymentAttempt | null>;
  now(): number;
}

export const ORDER_NOT_FOUND_MESSAGE = 'Nie znaleźliśmy takiego zamówienia.';
const MAX_NUMBER_LENGTH = 64;

/** One answer for an unknown number, a wrong token and someone else's order: nothing tells them apart. */
function notFound(): HttpError {
  return new HttpError(404, 'order_not_found', ORDER_NOT_FOUND_MESSAGE);
}

/** The body: { number, token?, accessKey? }; a number is required, a token or key that is not a string counts as none. */
export function readOrderPageRequest(body: Record<string, unknown>): { number: string; token: string | null; accessKey: string | null } {
  const number = typeof body.number === 'string' ? body.number.trim() : '';
  if (!number || number.length > MAX_NUMBER_LENGTH) {
    throw new HttpError(400, 'validation_failed', 'Podaj numer zamówienia.', { number: 'Podaj numer zamówienia.' });
  }
  const token = typeof body.token === 'string' && body.token !== '' ? body.token : null;
  const accessKey = typeof body.accessKey === 'string' && body.accessKey !== '' ? body.accessKey : null;
  return { number, token, accessKey };
}

/**
 * order-page: the order as /zamowienie/<number> shows it, for whoever holds
 * the mail's link token, for the signed-in customer who placed it, or for the
 * device that placed it (the access key place-order returned: the checkout
 * polls it while a BLIK code waits for the bank app's confirmation).
 *
 * 'Zapłać teraz' needs what the payment functions already accept: the
 * order's device access key. Holding the link proves as much as the device
 * that placed the order, so the answer carries a freshly minted key (hash
 * stored in order_access_keys) only when the payment applies; the payment
 * functions stay unchanged.
 */
export function createOrderPageHandler(deps: OrderPageDeps): Handler {
  return postHandler('order-page', async (request) => {
    const caller = await deps.authenticate(request);
    const { number, token, accessKey } = readOrderPageRequest(await readJsonObject(request, 4 * 1024));
    // Hash first, whatever the number: an unknown number costs the same work as a known one.
    const tokenHash = token && isOrderLinkTokenShape(token) ? await hashOrderLinkToken(token) : null;
    const keyHash = accessKey && isAccessKeyShape(accessKey) ? await hashAccessKey(accessKey) : null;
    const order = await deps.findOrder(number);
    if (!order) throw notFound();
    const userId = userIdOf(caller);
    const ownOrder = userId !== null && order.user_id === userId;
    const byDevice = !ownOrder && keyHash !== null && (await deps.hasAccessKey(order.id, keyHash));
    const opened = ownOrder || byDevice || (tokenHash !== null && (await deps.hasLinkToken(order.id, tokenHash)));
    if (!opened) throw notFound();
    const attempt = await deps.latestAttempt(order.id);
    // Decided by the server's clock: a payment just started is not offered again.
    const payable = canPayNow(order);
    const inProgress = payable && isPaymentInProgress(attempt, deps.now());
    // The device already holds a key: giving it back saves a new row on every poll.
    const payment =
      payable && !inProgress
        ? { orderId: order.id, accessKey: byDevice && accessKey ? accessKey : await deps.mintAccessKey(order.id) }
        : null;
    const view = orderPageView(order, payment, attempt, inProgress);
    return jsonResponse(200, view, { 'Cache-Control': 'no-store' });
  });
}
