import { LIVE_FLOWERS_COURIER_MESSAGE, isDeliveryAllowed } from '../../src/domain/delivery.ts';
import { addMoney, fromPln, grosz, toPln, type Grosz } from '../../src/domain/money.ts';
import {
  CUSTOM_LINE_NAME,
  OWNER_PAYMENT_METHOD,
  parseOwnerOrder,
  storedCustomer,
  type OwnerOrderRequest,
  type OwnerOrderResponse,
} from '../../src/domain/owner-order.ts';
import { issuesByField, joinIssueMessages } from '../../src/domain/validation-issues.ts';
import type { CheckoutForm } from '../../src/domain/checkout-schema.ts';
import type { DeliverySettings } from '../../src/domain/delivery-settings.ts';
import { checkBooking, overbooked, unchecked, type Booking } from '../place-order/booking.ts';
import { orderDetails, priceServices } from '../place-order/florist-details.ts';
import {
  deliveryAddress,
  priceLines,
  requestHash,
  requestMismatch,
  shippingCost,
  writeWithOrderNumber,
  type PlaceOrderDeps,
} from '../place-order/handler.ts';
import { hashAccessKey, placementAccessKey } from '../_shared/order-access.ts';
import type { Authenticate } from '../_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler, readJsonObject, type Handler } from '../_shared/http.ts';

/**
 * 'Nowe zamówienie': an order the owner takes by phone or at the counter.
 * Priced, checked and booked by place-order's own modules and its SQL
 * function; what only the owner may do (book a full window after confirming
 * it, a custom line at her price, a discount with a reason, a payment taken
 * at the counter) goes to place_order as its owner part and is recorded on the order.
 */
export interface OwnerOrderDeps extends Pick<
  PlaceOrderDeps,
  | 'loadProducts'
  | 'loadSetting'
  | 'loadDeliverySettings'
  | 'loadBookedCounts'
  | 'replayOf'
  | 'accessKeySecret'
  | 'writeOrder'
  | 'quoteLocalDelivery'
  | 'now'
  | 'random'
> {
  authenticate: Authenticate;
  isShopOwner(userId: string): Promise<boolean>;
}

export const CAPACITY_CONFIRM_MESSAGE =
  'To okno dostawy jest już pełne. Zaznacz „Przyjmuję ponad limit”, jeśli mimo to chcesz przyjąć zamówienie.';
export const PRICE_NOT_EDITABLE_MESSAGE = 'Cen produktów z katalogu nie można zmieniać. Obniż cenę rabatem z powodem.';

async function ownerOf(deps: OwnerOrderDeps, request: Request): Promise<string> {
  const caller = await deps.authenticate(request);
  if (caller.kind !== 'user') throw new HttpError(401, 'not_signed_in', 'Zaloguj się jako właściciel sklepu.');
  if (!(await deps.isShopOwner(caller.userId)))
    throw new HttpError(403, 'not_owner', 'Tylko właściciel sklepu może przyjmować zamówienia.');
  return caller.userId;
}

/** A catalogue line carries no price: the catalogue prices it. A body that names one was changed by hand, and is refused, not ignored. */
function assertNoLinePrices(body: Record<string, unknown>): void {
  const items = Array.isArray(body.items) ? (body.items as unknown[]) : [];
  const priced = items.findIndex((item) => typeof item === 'object' && item !== null && ('price' in item || 'total' in item));
  if (priced >= 0 || 'total' in body || 'subtotal' in body) {
    throw new HttpError(422, 'price_not_editable', PRICE_NOT_EDITABLE_MESSAGE, {
      [priced >= 0 ? `items.${priced}` : 'items']: PRICE_NOT_EDITABLE_MESSAGE,
    });
  }
}

/** The slot: the same check as the shop's; only 'full' may be passed, and only when the owner confirmed it. */
async function ownerBooking(
  deps: OwnerOrderDeps,
  request: OwnerOrderRequest,
  checkout: CheckoutForm,
  settings: DeliverySettings,
  replay: boolean,
): Promise<Booking> {
  const check = await checkBooking({ checkout, settings, now: deps.now(), bookedOn: (date) => deps.loadBookedCounts(date, date) });
  if (check.ok) return check.booking;
  if (replay) return unchecked(checkout);
  if (check.reason === 'full' && checkout.deliveryWindow !== '') {
    if (request.capacityOverride) return overbooked(checkout, settings);
    throw new HttpError(409, 'capacity_full', CAPACITY_CONFIRM_MESSAGE, { capacityOverride: CAPACITY_CONFIRM_MESSAGE });
  }
  throw check.error;
}

export function createOwnerOrderHandler(deps: OwnerOrderDeps): Handler {
  return postHandler('owner-order', async (httpRequest) => {
    const ownerId = await ownerOf(deps, httpRequest);
    const body = await readJsonObject(httpRequest);
    assertNoLinePrices(body);
    const parsed = parseOwnerOrder(body);
    if (!parsed.success) {
      throw new HttpError(400, 'validation_failed', joinIssueMessages(parsed.issues), issuesByField(parsed.issues));
    }
    const { request, checkout } = parsed;

    const hash = await requestHash(request);
    const match = await deps.replayOf(request.clientRequestId, hash);
    if (match === 'different') throw requestMismatch();
    const replay = match === 'same';

    const catalogue =
      request.items.length > 0
        ? await priceLines(deps, { items: request.items })
        : { lines: [], subtotal: grosz(0), containsLiveFlowers: false, productNames: [] as string[] };
    const custom = request.customLine;
    const subtotal: Grosz = addMoney(catalogue.subtotal, grosz(custom?.price ?? 0));
    // The custom bouquet is live flowers: couriers are refused for it as for the catalogue's.
    if (!isDeliveryAllowed(checkout.deliveryMethod, catalogue.containsLiveFlowers || custom !== null)) {
      throw new HttpError(422, 'live_flowers_local_only', LIVE_FLOWERS_COURIER_MESSAGE);
    }
    const settings = await deps.loadDeliverySettings();
    const booking = await ownerBooking(deps, request, checkout, settings, replay);
    const shipping = await shippingCost(deps, checkout, subtotal);
    const services = priceServices(checkout.services, settings);
    const productNames = custom ? [...catalogue.productNames, CUSTOM_LINE_NAME] : catalogue.productNames;
    const details = orderDetails({ checkout, booking, services: services.services, productNames });
    const customer = storedCustomer(request);
    // The checkout's stand-in phone must never reach the driver.
    if (checkout.recipient === 'self') details.recipient_phone = customer.phone === '' ? null : customer.phone;
    if (checkout.recipient === 'self') details.recipient_name = customer.name;

    const discount = grosz(request.discount?.amount ?? 0);
    const beforeDiscount = addMoney(subtotal, shipping, services.cost);
    if (discount > beforeDiscount) {
      const message = 'Rabat nie może być większy niż wartość zamówienia.';
      throw new HttpError(422, 'discount_too_large', message, { 'discount.amount': message });
    }
    // The owner's orders are opened by her session and the mailed link; the key is kept only so a replay matches.
    const accessKeyHash = await hashAccessKey(await placementAccessKey(deps.accessKeySecret, request.clientRequestId, hash));

    const result = await writeWithOrderNumber(deps, {
      clientRequestId: request.clientRequestId,
      userId: null,
      customerName: customer.name,
      customerEmail: customer.email,
      customerPhone: customer.phone,
      deliveryMethod: checkout.deliveryMethod,
      deliveryAddress: deliveryAddress(checkout),
      paymentMethod: OWNER_PAYMENT_METHOD[request.payment],
      subtotal: toPln(subtotal),
      shippingCost: toPln(shipping),
      items: catalogue.lines,
      accessKeyHash,
      requestHash: hash,
      details,
      servicesCost: toPln(services.cost),
      capacity: booking.kind === 'window' ? booking.capacity : null,
      owner: {
        source: request.source,
        owner_id: ownerId,
        capacity_override: request.capacityOverride,
        custom_line: custom && { description: custom.description, price: toPln(grosz(custom.price)) },
        discount: toPln(discount),
        discount_reason: discount > 0 ? (request.discount?.reason ?? null) : null,
        payment: request.payment,
      },
    });
    const answer: OwnerOrderResponse = {
      order: {
        id: result.order.id,
        orderNumber: result.order.payu_order_id,
        total: fromPln(result.order.total),
        amountPaid: Number(result.order.amount_paid ?? 0),
        capacityOverridden: (result.order.capacity_override_at ?? null) !== null,
      },
      replayed: result.replayed,
    };
    return jsonResponse(result.replayed ? 200 : 201, answer);
  });
}
