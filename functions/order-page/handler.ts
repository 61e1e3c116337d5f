import { userIdOf, type Authenticate } from '../_shared/caller-auth.ts';
import { constantTimeEqual } from '../_shared/constant-time.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';
import type { AcceptedInvoice, InvoicePdfFile } from '../_shared/invoice-pdf/stored-invoice-pdf.ts';
import { isUuid } from '../../src/domain/patterns.ts';
import { hashOrderLinkToken, isOrderLinkTokenShape } from '../_shared/mail/order-link-token.ts';
import { hashAccessKey, isAccessKeyShape } from '../_shared/order-access.ts';
import { clientAddress, rateLimitedResponse, type RateDecision } from '../_shared/rate-limit.ts';
import { oldestValidLinkMinted } from '../../src/domain/order-links.ts';
import { canPayNow, isPaymentInProgress, orderPageView, type OrderPagePhoto, type OrderPageRow, type PaymentAttempt } from './view.ts';

/** The order by its number, with the stored hashes of the proofs presented, where they are this order's. */
export interface OrderPageLookup {
  order: OrderPageRow;
  /** The presented link token's hash if it is one of the order's links minted since `oldestLink`; else null. */
  linkTokenHash: string | null;
  /** The presented device key's hash if it is one of the order's access keys; else null. */
  accessKeyHash: string | null;
}

export interface OrderPageDeps {
  /** Guests with the anon/publishable key, or a signed-in customer. */
  authenticate: Authenticate;
  /** The owner's link lifetime in days (order_link_days). */
  linkDays(): Promise<number>;
  /**
   * One query, whatever the number: the order (payu_order_id) with the link
   * token and access key hashes given, or null for an unknown number.
   */
  findOrder(number: string, tokenHash: string, keyHash: string, oldestLink: string): Promise<OrderPageLookup | null>;
  /** The order's photos with short-lived signed URLs: asked only after a proof opened the order. */
  orderPhotos(orderId: string, orderNumber: string): Promise<OrderPagePhoto[]>;
  /** The order's newest gateway attempt (payments ledger), or null before any. */
  latestAttempt(orderId: string): Promise<PaymentAttempt | null>;
  /** The order's invoices KSeF accepted (the page offers their PDFs). */
  acceptedInvoices(orderId: string): Promise<AcceptedInvoice[]>;
  /** The PDF of one accepted invoice of this order; null for any other id. */
  invoicePdf(orderId: string, invoiceId: string): Promise<InvoicePdfFile | null>;
  /** Whether a signed-in user is the shop's owner: she may download any order's invoice (the admin's 'Pobierz PDF'). */
  isShopOwner(userId: string): Promise<boolean>;
  now(): number;
  /** Counts a request from this address (ORDER_PAGE_RATE_LIMIT per minute); absent → no limit. */
  countRequest?(address: string): Promise<RateDecision>;
}

export const ORDER_NOT_FOUND_MESSAGE = 'Nie znaleźliśmy takiego zamówienia.';
export const INVOICE_NOT_FOUND_MESSAGE =
  'Nie znaleźliśmy takiej faktury do tego zamówienia. Faktura jest do pobrania, gdy KSeF ją przyjmie.';
export const ORDER_PAGE_RATE_LIMITED_MESSAGE = 'Zbyt wiele zapytań o zamówienie z tego adresu. Spróbuj ponownie za minutę.';
const MAX_NUMBER_LENGTH = 64;

/**
 * What stands in for a proof that was not presented (or cannot be a token):
 * never a SHA-256 in hex, so it matches no stored hash and not the dummy.
 */
export const NO_PROOF = '-'.repeat(64);
/** What an unknown number's proofs are compared against: the same length and compare as a stored hash. */
export const DUMMY_HASH = '0'.repeat(64);

/** One answer for an unknown number, a wrong token and someone else's order: nothing tells them apart. */
function notFound(): HttpError {
  return new HttpError(404, 'order_not_found', ORDER_NOT_FOUND_MESSAGE);
}

export interface OrderPageRequest {
  number: string;
  token: string | null;
  accessKey: string | null;
  /** Present when the PDF of this invoice is asked for instead of the page. */
  invoiceId: string | null;
}

/** The body: { number, token?, accessKey?, invoiceId? }; a number is required, a token or key that is not a string counts as none. */
export function readOrderPageRequest(body: Record<string, unknown>): OrderPageRequest {
  const number = typeof body.number === 'string' ? body.number.trim() : '';
  if (!number || number.length > MAX_NUMBER_LENGTH) {
    throw new HttpError(400, 'validation_failed', 'Podaj numer zamówienia.', { number: 'Podaj numer zamówienia.' });
  }
  const token = typeof body.token === 'string' && body.token !== '' ? body.token : null;
  const accessKey = typeof body.accessKey === 'string' && body.accessKey !== '' ? body.accessKey : null;
  if (body.invoiceId !== undefined && !(typeof body.invoiceId === 'string' && isUuid(body.invoiceId))) {
    throw new HttpError(400, 'validation_failed', 'Nieprawidłowy identyfikator faktury.', {
      invoiceId: 'Nieprawidłowy identyfikator faktury.',
    });
  }
  return { number, token, accessKey, invoiceId: typeof body.invoiceId === 'string' ? body.invoiceId : null };
}

/** The invoice's PDF as a download; the file name carries only the invoice number. */
function pdfResponse(file: InvoicePdfFile): Response {
  return new Response(new Blob([new Uint8Array(file.content)], { type: 'application/pdf' }), {
    status: 200,
    headers: {
      ...corsHeaders,
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${file.fileName}"`,
      // The shop runs on another origin than the API: without this the browser hides the file name from it.
      'Access-Control-Expose-Headers': 'Content-Disposition',
      'Cache-Control': 'no-store',
    },
  });
}

/**
 * order-page: the order as /zamowienie/<number> shows it, for whoever holds
 * a valid link token from its mails (not older than order_link_days, not
 * revoked), for the signed-in customer who placed it, or for the device that
 * placed it (the access key place-order returned: the checkout polls it while
 * a BLIK code waits for the bank app's confirmation).
 *
 * Viewing writes nothing. 'Zapłać teraz' proves itself to the payment
 * functions with what opened the page: the device's key (given back), the
 * link token the page already holds, or the buyer's session.
 *
 * An unknown number costs the same as a known one with a wrong proof: the
 * same setting read, the same single query and the same constant-time
 * comparisons, against a dummy hash when there is no order.
 */
export function createOrderPageHandler(deps: OrderPageDeps): Handler {
  return postHandler('order-page', async (request) => {
    const caller = await deps.authenticate(request);
    const rate = await deps.countRequest?.(clientAddress(request));
    if (rate && !rate.allowed) return rateLimitedResponse(ORDER_PAGE_RATE_LIMITED_MESSAGE, rate);
    const { number, token, accessKey, invoiceId } = readOrderPageRequest(await readJsonObject(request, 4 * 1024));
    const tokenHash = token && isOrderLinkTokenShape(token) ? await hashOrderLinkToken(token) : NO_PROOF;
    const keyHash = accessKey && isAccessKeyShape(accessKey) ? await hashAccessKey(accessKey) : NO_PROOF;
    const oldestLink = oldestValidLinkMinted(await deps.linkDays(), deps.now());
    const found = await deps.findOrder(number, tokenHash, keyHash, oldestLink);
    const byLink = constantTimeEqual(tokenHash, found?.linkTokenHash ?? DUMMY_HASH);
    const byDevice = constantTimeEqual(keyHash, found?.accessKeyHash ?? DUMMY_HASH);
    if (!found) throw notFound();
    const { order } = found;
    const userId = userIdOf(caller);
    const ownOrder = userId !== null && order.user_id === userId;
    if (invoiceId) {
      // The same proofs as the page; besides them only the shop's owner, for her admin's download.
      const owner = !ownOrder && !byDevice && !byLink && userId !== null && (await deps.isShopOwner(userId));
      if (!ownOrder && !byDevice && !byLink && !owner) throw notFound();
      const file = await deps.invoicePdf(order.id, invoiceId);
      if (!file) throw new HttpError(404, 'invoice_not_found', INVOICE_NOT_FOUND_MESSAGE);
      return pdfResponse(file);
    }
    if (!ownOrder && !byDevice && !byLink) throw notFound();
    const [attempt, photos, invoices] = await Promise.all([
      deps.latestAttempt(order.id),
      deps.orderPhotos(order.id, order.payu_order_id),
      deps.acceptedInvoices(order.id),
    ]);
    // Decided by the server's clock: a payment just started is not offered again.
    const payable = canPayNow(order);
    const inProgress = payable && isPaymentInProgress(attempt, deps.now());
    const payment = payable && !inProgress ? { orderId: order.id, accessKey: byDevice ? accessKey : null } : null;
    const view = orderPageView(
      order,
      payment,
      attempt,
      inProgress,
      photos,
      invoices.map(({ id, number: invoiceNumber, kind }) => ({ id, number: invoiceNumber, kind })),
    );
    return jsonResponse(200, view, { 'Cache-Control': 'no-store' });
  });
}
