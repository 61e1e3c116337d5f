import * as v from 'valibot';
import type { CheckoutForm } from '../../src/domain/checkout-schema.ts';
import { deliveryAddressOf } from '../../src/domain/delivery-address.ts';
import {
  placeOrderRequestSchema,
  type PlaceOrderRequest,
  type PlaceOrderResponse,
  type PlacedOrder,
} from '../../src/domain/place-order-contract.ts';
import { issuesByField, joinIssueMessages } from '../../src/domain/validation-issues.ts';
import {
  LIVE_FLOWERS_COURIER_MESSAGE,
  linesContainLiveFlowers,
  fixedShippingCost,
  freeShippingThreshold,
  isDeliveryAllowed,
  isLocalDelivery,
  needsAddress,
} from '../../src/domain/delivery.ts';
import { addMoney, fromPln, multiplyMoney, toPln, type Grosz } from '../../src/domain/money.ts';
import { generateOrderNumber } from '../../src/domain/order-number.ts';
import { guestPiecesRefusal, unpaidOrdersRefusal, type OrderLimits } from '../../src/domain/order-limits.ts';
import { stockShortageMessage, type StockShortage } from '../../src/domain/stock.ts';
import { linePrice } from '../../src/domain/product-sizes.ts';
import type { Row } from '../../src/domain/database.ts';
import type { BookedCount } from '../../src/domain/delivery-calendar.ts';
import type { DeliverySettings } from '../../src/domain/delivery-settings.ts';
import { checkBooking, slotUnavailable, unchecked, type Booking } from './booking.ts';
import { orderDetails, priceServices, type OrderDetails } from './florist-details.ts';
import { hashAccessKey, placementAccessKey } from '../_shared/order-access.ts';
import { userIdOf, type Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';
import { clientAddress, rateLimitedResponse, type RateDecision } from '../_shared/rate-limit.ts';

export interface CatalogProduct {
  id: string;
  name: string;
  /** PLN in force now; sizes carry their own. */
  price: number;
  active: boolean;
  category: string;
  sizes?: CatalogSize[];
}

/** A size as place-order prices it: its price in force now, PLN. */
export interface CatalogSize {
  id: string;
  label: string;
  price: number;
}

const SIZE_UNAVAILABLE_MESSAGE = 'Wybrany rozmiar produktu nie jest już dostępny. Odśwież koszyk i wybierz rozmiar ponownie.';

/** Products of this category wilt in a courier parcel (docs/spec.md §9). */

/** The new order as place_order answers it: the columns the answer reads. */
export type StoredOrder = Pick<
  Row<'orders'>,
  | 'id'
  | 'payu_order_id'
  | 'status'
  | 'subtotal'
  | 'shipping_cost'
  | 'total'
  | 'created_at'
  | 'client_request_id'
  | 'services_cost'
  | 'delivery_date'
  | 'delivery_window'
  | 'delivery_window_label'
  | 'pickup_time'
> &
  /** Read by owner-order (place_order answers the whole row). */
  Partial<Pick<Row<'orders'>, 'amount_paid' | 'capacity_override_at'>>;

export interface OrderWrite {
  clientRequestId: string;
  userId: string | null;
  orderNumber: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  deliveryMethod: string;
  deliveryAddress: Record<string, string> | null;
  paymentMethod: string;
  subtotal: number;
  shippingCost: number;
  items: { product_id: string; size_id: string | null; quantity: number; price: number }[];
  /** SHA-256 of the access key this answer gives the device (see _shared/order-access.ts). */
  accessKeyHash: string;
  /** SHA-256 of the canonical request (requestHash): a replay must match it. */
  requestHash: string;
  /** The florist's part: recipient, slot, occasion, venue, grave, card, substitution, priced services. */
  details: OrderDetails;
  /** PLN, the sum of details.services' prices. */
  servicesCost: number;
  /** The places the booked date offers, for place_order's atomic count; null when the order books no place (or is a replay). */
  capacity: { window: number; day: number } | null;
  /** An order the owner entered (owner-order): its source, custom line, discount and counter payment; absent for the shop's own. */
  owner?: OwnerOrderWrite;
}

/** place_order's p_owner, by its keys; amounts in PLN as the database keeps them. */
export type OwnerOrderWrite = {
  source: 'phone' | 'shop';
  owner_id: string;
  capacity_override: boolean;
  custom_line: { description: string; price: number } | null;
  discount: number;
  discount_reason: string | null;
  /** 'cash' or 'terminal' enter the ledger as paid in the order's transaction; the others wait for the money. */
  payment: string;
};

export type OrderWriteResult =
  | { kind: 'ok'; order: StoredOrder; replayed: boolean }
  | { kind: 'order_number_taken' }
  | { kind: 'catalogue_changed' }
  /** Fewer pieces left than ordered, for every such line; nothing was written. */
  | { kind: 'insufficient_stock'; shortages: StockShortage[] }
  /** The window or the day filled up between the check and the write (another checkout won the race); nothing was written. */
  | { kind: 'slot_full'; scope: 'window' | 'day' }
  /** The idempotency key names an order placed with another body (a race the first check could not see). */
  | { kind: 'request_mismatch' };

export type ReplayMatch = 'new' | 'same' | 'different';

export interface PlaceOrderDeps {
  /**
   * Who calls (caller-auth.ts): guests with the anon/publishable key, or a
   * signed-in customer whose verified token gives the order its user; any
   * other credential is refused with 401 before the order is read.
   */
  authenticate: Authenticate;
  loadProducts(ids: readonly string[]): Promise<CatalogProduct[]>;
  loadSetting(key: string): Promise<string | null>;
  /** The 'Dostawy' settings (missing keys read as defaults). */
  loadDeliverySettings(): Promise<DeliverySettings>;
  /** Places taken per date and window, `from` to `to` included. */
  loadBookedCounts(from: string, to: string): Promise<BookedCount[]>;
  /**
   * Whether an order with this idempotency key exists and was placed with
   * this request hash: 'new' (none yet), 'same' (a replay, answered even when
   * its slot has gone since) or 'different' (refused: another body).
   */
  replayOf(clientRequestId: string, requestHash: string): Promise<ReplayMatch>;
  /** The server secret the placing device's access key is derived with (placementAccessKey). */
  accessKeySecret: string;
  writeOrder(order: OrderWrite): Promise<OrderWriteResult>;
  /**
   * Cost of home/cemetery delivery to the address; throws an HttpError (422)
   * for an address outside the delivery area. Absent → local delivery refused.
   */
  quoteLocalDelivery?(checkout: CheckoutForm): Promise<Grosz>;
  now(): number;
  random(): number;
  /** Counts a request from this address (PLACE_ORDER_RATE_LIMIT per minute); absent → no limit. */
  countRequest?(address: string): Promise<RateDecision>;
  /** The owner's limits on what one buyer may hold unpaid (src/domain/order-limits.ts). */
  loadOrderLimits(): Promise<OrderLimits>;
  /** Orders still pending with nothing paid, for this email and for this delivery address (null: none asked). */
  countOpenUnpaid(email: string, address: Record<string, string> | null): Promise<{ email: number; address: number }>;
}

export const PLACE_ORDER_RATE_LIMITED_MESSAGE = 'Zbyt wiele zamówień z tego adresu w krótkim czasie. Spróbuj ponownie za minutę.';
export const REQUEST_MISMATCH_MESSAGE = 'To zamówienie zostało już złożone z inną zawartością. Odśwież stronę i złóż zamówienie ponownie.';

export function requestMismatch(): HttpError {
  return new HttpError(409, 'request_mismatch', REQUEST_MISMATCH_MESSAGE);
}

/** JSON with every object's keys sorted: the same order gives the same text, whatever order its fields came in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** SHA-256 (hex) of the request as the schema read it, idempotency key included: what a replay must repeat exactly. */
export async function requestHash(request: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(request)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const ORDER_NUMBER_ATTEMPTS = 5;

export function deliveryAddress(checkout: CheckoutForm): Record<string, string> | null {
  if (!needsAddress(checkout.deliveryMethod)) return null;
  // The cemetery's name is kept with the grave (orders.cemetery), not in the address.
  const { street, houseNumber, apartment, city, postalCode } = deliveryAddressOf(checkout);
  return { street, houseNumber, apartment, city, postalCode, country: checkout.country };
}

/** The lines priced from the catalogue (the price in force), and what the delivery rules need to know of them; owner-order prices its catalogue lines with it too. */
export async function priceLines(deps: Pick<PlaceOrderDeps, 'loadProducts'>, request: Pick<PlaceOrderRequest, 'items'>) {
  const products = await deps.loadProducts(request.items.map((item) => item.productId));
  const byId = new Map(products.map((product) => [product.id, product]));
  const missing = request.items.filter((item) => !byId.get(item.productId)?.active);
  if (missing.length > 0) {
    throw new HttpError(422, 'product_unavailable', 'Niektóre produkty z koszyka nie są już dostępne. Odśwież koszyk i spróbuj ponownie.');
  }
  const lines = request.items.map((item) => {
    const product = byId.get(item.productId)!;
    const price = linePrice(product, item.sizeId);
    if (price === null) throw new HttpError(422, 'size_unavailable', SIZE_UNAVAILABLE_MESSAGE);
    return { product_id: product.id, size_id: item.sizeId ?? null, quantity: item.quantity, price: toPln(price) };
  });
  const subtotal = addMoney(...lines.map((line) => multiplyMoney(fromPln(line.price), line.quantity)));
  const containsLiveFlowers = linesContainLiveFlowers(request.items.map((item) => byId.get(item.productId)!));
  const productNames = request.items.map((item) => byId.get(item.productId)!.name);
  return { lines, subtotal, containsLiveFlowers, productNames };
}

export async function shippingCost(
  deps: Pick<PlaceOrderDeps, 'quoteLocalDelivery' | 'loadSetting'>,
  checkout: CheckoutForm,
  subtotal: Grosz,
): Promise<Grosz> {
  if (isLocalDelivery(checkout.deliveryMethod)) {
    if (!deps.quoteLocalDelivery) {
      throw new HttpError(422, 'local_delivery_unavailable', 'Dostawa lokalna jest chwilowo niedostępna. Wybierz inną formę dostawy.');
    }
    return deps.quoteLocalDelivery(checkout);
  }
  const threshold = freeShippingThreshold(await deps.loadSetting('free_shipping_threshold'));
  return fixedShippingCost(checkout.deliveryMethod, subtotal, threshold);
}

/** What place-order answers: the order, and the key that lets this device pay for it. */
function publicOrder(order: StoredOrder, accessKey: string): PlacedOrder {
  return {
    id: order.id,
    orderNumber: order.payu_order_id,
    status: order.status,
    subtotal: order.subtotal,
    shippingCost: order.shipping_cost,
    total: order.total,
    createdAt: order.created_at,
    clientRequestId: order.client_request_id,
    accessKey,
    servicesCost: order.services_cost,
    deliveryDate: order.delivery_date,
    deliveryWindow: order.delivery_window,
    deliveryWindowLabel: order.delivery_window_label,
    pickupTime: order.pickup_time,
  };
}

/** The checkout fields of the invoice, by the path the schema's issues carry. */
const INVOICE_PATHS = new Set(['checkout.invoiceNip', 'checkout.invoiceCompany', 'checkout.invoiceAddress']);

/**
 * A body the schema refuses: 400, or 422 when the order is well formed and
 * only its invoice data is wrong (e.g. 'Nieprawidłowy NIP'), as the other
 * refusals of an order's content are. Either way the fields say where.
 */
function refusedBody(issues: Parameters<typeof issuesByField>[0]): HttpError {
  const fields = issuesByField(issues);
  const onlyInvoice = Object.keys(fields).every((path) => INVOICE_PATHS.has(path));
  return onlyInvoice
    ? new HttpError(422, 'invalid_invoice', joinIssueMessages(issues), fields)
    : new HttpError(400, 'validation_failed', joinIssueMessages(issues), fields);
}

/**
 * The slot the order books, checked with the server's clock. A refused slot
 * is still fine for a replay: the first order holds it already.
 */
async function bookedSlot(deps: PlaceOrderDeps, request: PlaceOrderRequest, settings: DeliverySettings, replay: boolean): Promise<Booking> {
  const check = await checkBooking({
    checkout: request.checkout,
    settings,
    now: deps.now(),
    bookedOn: (date) => deps.loadBookedCounts(date, date),
  });
  if (check.ok) return check.booking;
  if (replay) return unchecked(request.checkout);
  throw check.error;
}

/** What one buyer may hold unpaid: a guest's pieces, and the open unpaid orders per email and delivery address. */
async function assertWithinLimits(deps: PlaceOrderDeps, order: PlaceOrderRequest, guest: boolean): Promise<void> {
  const limits = await deps.loadOrderLimits();
  const pieces = guest
    ? guestPiecesRefusal(
        order.items.map((item) => item.quantity),
        limits,
      )
    : null;
  if (pieces) throw new HttpError(422, 'guest_pieces_limit', pieces);
  const open = await deps.countOpenUnpaid(order.checkout.email.toLowerCase(), deliveryAddress(order.checkout));
  const unpaid = unpaidOrdersRefusal(open, limits);
  if (unpaid) throw new HttpError(429, 'unpaid_orders_limit', unpaid);
}

/**
 * Writes the order through place_order under a fresh order number (drawn again
 * when another order took it in the same millisecond), and turns place_order's
 * refusals into the answers the buyer or the owner reads. Shared with owner-order.
 */
export async function writeWithOrderNumber(
  deps: Pick<PlaceOrderDeps, 'writeOrder' | 'now' | 'random'>,
  write: Omit<OrderWrite, 'orderNumber'>,
): Promise<{ order: StoredOrder; replayed: boolean }> {
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt += 1) {
    const result = await deps.writeOrder({ ...write, orderNumber: generateOrderNumber(deps.now(), deps.random) });
    if (result.kind === 'ok') return { order: result.order, replayed: result.replayed };
    if (result.kind === 'insufficient_stock') {
      // Each refused line by product id, so the checkout can mark it; the message names them all.
      const fields = Object.fromEntries(result.shortages.map((shortage) => [shortage.productId, stockShortageMessage(shortage)]));
      throw new HttpError(
        409,
        'insufficient_stock',
        `${Object.values(fields).join('. ')}. Zmień ilość w koszyku i spróbuj ponownie.`,
        fields,
      );
    }
    if (result.kind === 'slot_full') throw slotUnavailable('window', 'full');
    if (result.kind === 'request_mismatch') throw requestMismatch();
    if (result.kind === 'catalogue_changed') {
      throw new HttpError(409, 'catalogue_changed', 'Ceny lub dostępność produktów zmieniły się. Odśwież koszyk i spróbuj ponownie.');
    }
    // Another order took the same number in the same millisecond: draw again.
  }
  throw new HttpError(503, 'order_number_unavailable', 'Nie udało się nadać numeru zamówienia. Spróbuj ponownie za chwilę.');
}

/**
 * The one way an order is placed. Idempotent on clientRequestId: the same
 * request again answers with the first order and the same device key; the
 * same id with another body is refused (409). Prices, shipping, the services and the
 * total come from the database, the user from the caller's JWT, the
 * delivery slot is checked with the server's clock; the body only says
 * what, how many, for whom and when.
 */
export function createPlaceOrderHandler(deps: PlaceOrderDeps): Handler {
  return postHandler('place-order', async (request) => {
    // An expired session is refused, never turned into a guest order.
    const caller = await deps.authenticate(request).catch((error: unknown) => {
      if (error instanceof HttpError && error.code === 'invalid_session') {
        throw new HttpError(401, error.code, 'Twoja sesja wygasła. Zaloguj się ponownie i złóż zamówienie.');
      }
      throw error;
    });
    const userId = userIdOf(caller);

    // A flood from one address stops here, before any work.
    const rate = await deps.countRequest?.(clientAddress(request));
    if (rate && !rate.allowed) return rateLimitedResponse(PLACE_ORDER_RATE_LIMITED_MESSAGE, rate);

    const body = await readJsonObject(request);
    const parsed = v.safeParse(placeOrderRequestSchema, body);
    if (!parsed.success) throw refusedBody(parsed.issues);
    const order = parsed.output;

    const { checkout } = order;
    // A replay must be the same request: another body under a known key would be answered with someone else's order.
    const hash = await requestHash(order);
    const match = await deps.replayOf(order.clientRequestId, hash);
    if (match === 'different') throw requestMismatch();
    const replay = match === 'same';
    // A replay of an order already placed is answered, whatever the limits say now.
    if (!replay) await assertWithinLimits(deps, order, userId === null);
    const { lines, subtotal, containsLiveFlowers, productNames } = await priceLines(deps, order);
    // The client hides couriers for live flowers, but the server decides.
    if (!isDeliveryAllowed(checkout.deliveryMethod, containsLiveFlowers)) {
      throw new HttpError(422, 'live_flowers_local_only', LIVE_FLOWERS_COURIER_MESSAGE);
    }
    const settings = await deps.loadDeliverySettings();
    const booking = await bookedSlot(deps, order, settings, replay);
    const shipping = await shippingCost(deps, checkout, subtotal);
    const services = priceServices(checkout.services, settings);
    const details = orderDetails({ checkout, booking, services: services.services, productNames });
    // Derived, not drawn: the same request again (a retry of the placing device) gets the same key and stores no new row.
    const accessKey = await placementAccessKey(deps.accessKeySecret, order.clientRequestId, hash);
    const accessKeyHash = await hashAccessKey(accessKey);

    const result = await writeWithOrderNumber(deps, {
      clientRequestId: order.clientRequestId,
      userId,
      customerName: `${checkout.firstName} ${checkout.lastName}`,
      customerEmail: checkout.email.toLowerCase(),
      customerPhone: checkout.phone,
      deliveryMethod: checkout.deliveryMethod,
      deliveryAddress: deliveryAddress(checkout),
      paymentMethod: checkout.paymentMethod,
      subtotal: toPln(subtotal),
      shippingCost: toPln(shipping),
      items: lines,
      accessKeyHash,
      requestHash: hash,
      details,
      servicesCost: toPln(services.cost),
      capacity: booking.kind === 'window' ? booking.capacity : null,
    });
    const answer: PlaceOrderResponse = { order: publicOrder(result.order, accessKey), replayed: result.replayed };
    return jsonResponse(result.replayed ? 200 : 201, answer);
  });
}
