import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';
import { clientAddress, rateLimitedResponse, type RateLimiter } from '../_shared/rate-limit.ts';

export interface OrderLinkRequestDeps {
  authenticate: Authenticate;
  /** Counts requests per address (5 per 15 minutes); absent → no limit. */
  rateLimiter?: RateLimiter;
  /**
   * Queues an 'order-link' mail to the order's own address when the number
   * and email match an order and that address has had fewer than
   * ORDER_LINK_MAILS_LIMIT link mails in the window, and kicks the
   * dispatcher; does nothing otherwise. Runs after the answer is sent (see below).
   */
  queueLinkMail(number: string, email: string): Promise<void>;
  /** Keeps the runtime alive for work finishing after the answer (EdgeRuntime.waitUntil); absent → the promise just runs. */
  waitUntil?(task: Promise<unknown>): void;
}

export const ORDER_LINK_WINDOW_SECONDS = 15 * 60;
/** Requests per address per window (answered 429 beyond). */
export const ORDER_LINK_LIMIT = 5;
/** Link mails sent to one email per window; beyond it the answer stays the same and no mail goes. */
export const ORDER_LINK_MAILS_LIMIT = 5;
export const ORDER_LINK_SENT_MESSAGE = 'Jeśli takie zamówienie istnieje, wysłaliśmy link na podany adres.';
export const ORDER_LINK_RATE_LIMITED_MESSAGE = 'Wysłano zbyt wiele próśb o link. Spróbuj ponownie za kilka minut.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** { number, email }, both required; anything else is a 400 with the field's message. */
export function readOrderLinkRequest(body: Record<string, unknown>): { number: string; email: string } {
  const number = typeof body.number === 'string' ? body.number.trim() : '';
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  const fields: Record<string, string> = {};
  if (!number || number.length > 64) fields.number = 'Podaj numer zamówienia.';
  if (!EMAIL.test(email) || email.length > 320) fields.email = 'Podaj poprawny adres e-mail.';
  if (Object.keys(fields).length > 0) throw new HttpError(400, 'validation_failed', Object.values(fields).join(' '), fields);
  return { number, email };
}

/**
 * order-link-request: a guest asks for the order page's link by order number
 * and email. The answer is the same whether or not such an order exists, and
 * it is given before the order is even looked up, so neither its words nor
 * its timing tell anything. Rate-limited per address; never per email, so
 * a stranger's requests for the customer's email from elsewhere cannot
 * block the customer's own. What bounds the mails one inbox gets is a count
 * of link mails actually sent to it, which only someone who knows the
 * order's number and email can raise, and which answers the same 200.
 */
export function createOrderLinkRequestHandler(deps: OrderLinkRequestDeps): Handler {
  return postHandler('order-link-request', async (request) => {
    await deps.authenticate(request);
    const { number, email } = readOrderLinkRequest(await readJsonObject(request, 4 * 1024));
    if (deps.rateLimiter) {
      const decision = await deps.rateLimiter.hit([`ip:${clientAddress(request)}`]);
      if (!decision.allowed) return rateLimitedResponse(ORDER_LINK_RATE_LIMITED_MESSAGE, decision);
    }
    const task = deps
      .queueLinkMail(number, email)
      .catch((error: unknown) => console.error('[order-link-request] queueing the link mail failed', error));
    deps.waitUntil?.(task);
    return jsonResponse(200, { ok: true, message: ORDER_LINK_SENT_MESSAGE });
  });
}
