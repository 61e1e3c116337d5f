import * as v from 'valibot';
import { checkoutFormSchema, type CheckoutForm, type CheckoutFormValues } from './checkout-schema.ts';
import type { DeliveryMethod } from './delivery.ts';
import type { Grosz } from './money.ts';
import type { ChoiceRow, OrderService } from './order-choices.ts';
import { cartLineKey } from './product-sizes.ts';

/**
 * The place-order contract, defined once: the body the checkout and the
 * outbox send, the schema the place-order function re-parses it with, and
 * the order the function answers with. The function and the app both import
 * it, so neither restates the other's shapes.
 */

export const MAX_ORDER_LINES = 100;
export const MAX_LINE_QUANTITY = 999;

export const orderLineSchema = v.object({
  productId: v.pipe(v.string(), v.uuid('Nieprawidłowy identyfikator produktu')),
  /** The chosen size; required for a product sold in sizes, absent for one sold as one (place-order checks which). */
  sizeId: v.optional(v.pipe(v.string(), v.uuid('Nieprawidłowy identyfikator rozmiaru'))),
  quantity: v.pipe(
    v.number('Ilość musi być liczbą'),
    v.integer('Ilość musi być liczbą całkowitą'),
    v.minValue(1, 'Ilość musi wynosić co najmniej 1'),
    v.maxValue(MAX_LINE_QUANTITY, `Ilość może wynosić najwyżej ${MAX_LINE_QUANTITY}`),
  ),
});

/** Each product, in each of its sizes, once: the shop's and the owner's orders alike. */
export const distinctLines = v.check(
  (items: OrderLine[]) => new Set(items.map((item) => cartLineKey(item.productId, item.sizeId))).size === items.length,
  'Każdy produkt w danym rozmiarze może wystąpić w zamówieniu tylko raz',
);
type OrderLine = v.InferOutput<typeof orderLineSchema>;

/** The body the place-order function accepts. */
export const placeOrderRequestSchema = v.object({
  clientRequestId: v.pipe(v.string('Brak identyfikatora zamówienia'), v.uuid('Nieprawidłowy identyfikator zamówienia')),
  checkout: checkoutFormSchema,
  items: v.pipe(
    v.array(orderLineSchema, 'Brak produktów w zamówieniu'),
    v.minLength(1, 'Brak produktów w zamówieniu'),
    v.maxLength(MAX_ORDER_LINES, `Zamówienie może mieć najwyżej ${MAX_ORDER_LINES} pozycji`),
    distinctLines,
  ),
});

export type PlaceOrderRequest = v.InferOutput<typeof placeOrderRequestSchema>;

/** The body as the app sends it: the checkout form as the page edits it, and the lines. */
export interface PlaceOrderPayload {
  clientRequestId: string;
  checkout: CheckoutFormValues;
  items: Array<{ productId: string; sizeId?: string; quantity: number }>;
}

/** The order as place-order answers it (amounts in PLN as the database keeps them). */
export interface PlacedOrder {
  id: string;
  orderNumber: string;
  status: string;
  subtotal: number;
  shippingCost: number;
  total: number;
  createdAt: string;
  clientRequestId: string;
  /**
   * Proves to the payment functions that this device placed the order. The
   * function always sends it; orders kept on a device by older versions may lack it.
   */
  accessKey?: string;
  /**
   * Optional because orders kept by older versions lack them.
   * servicesCost: PLN of the paid services (total = subtotal + shippingCost + servicesCost).
   * deliveryDate ('YYYY-MM-DD') with deliveryWindow/deliveryWindowLabel (home, cemetery) or pickupTime (store); null for couriers.
   */
  servicesCost?: number;
  deliveryDate?: string | null;
  deliveryWindow?: string | null;
  deliveryWindowLabel?: string | null;
  pickupTime?: string | null;
}

/** place-order's answer: 201 for a new order, 200 with replayed for the same clientRequestId again. */
export interface PlaceOrderResponse {
  order: PlacedOrder;
  replayed: boolean;
}

// ------------------------------------------------------------------ the app's side

/** What the device keeps beside the request, to list the order before the server answers. */
export interface OrderFacts {
  paymentMethod: CheckoutForm['paymentMethod'];
  deliveryMethod: CheckoutForm['deliveryMethod'];
  customerEmail: string;
  /** PLN, as the checkout showed it; the server's figure replaces it once sent. */
  estimatedTotal: number;
  /** The lines and services as the checkout showed them, for the confirmation page; absent on orders kept by older versions. */
  shown?: ShownOrder;
}

/** The order's lines and priced services as the checkout listed them (the request itself carries only product ids). */
export interface ShownOrder {
  lines: OrderSummaryLine[];
  services: OrderService[];
}

export interface OrderSummaryLine {
  name: string;
  quantity: number;
  lineTotal: Grosz;
}

/** What the checkout's confirmation page lists of an order this device placed. */
export interface PlacedOrderSummary {
  /** Empty for an order kept by an older version. */
  items: OrderSummaryLine[];
  /** The services at the grave as the checkout priced them. */
  services: OrderService[];
  /** The server's delivery cost; null until it answered. */
  shipping: Grosz | null;
  deliveryMethod: DeliveryMethod;
  /** 'Mickiewicza 3/2, 37-700 Przemyśl'; null when nothing is delivered to an address. */
  deliveryAddress: string | null;
  deliveryDate: string | null;
  deliveryWindowLabel: string | null;
  pickupTime: string | null;
  choices: ChoiceRow[];
}

export type SubmitOutcome =
  | { kind: 'placed'; order: PlacedOrder }
  | { kind: 'rejected'; message: string; fields: Record<string, string> }
  /** The server could not be reached: the order waits in the outbox and goes out by itself. */
  | { kind: 'queued'; localNumber: string }
  | { kind: 'uncertain'; message: string };

/** How the checkout submits an order (orders-sync implements it; the route passes it in). */
/** Where an order saved on the device is now (its outbox entry), as the checkout's notice follows it. */
export interface QueuedOrderProgress {
  status: 'queued' | 'sending' | 'sent' | 'failed';
  /** The shop's KT number once the order reached it. */
  orderNumber: string | null;
}

export type SubmitOrder = (payload: PlaceOrderPayload, facts: OrderFacts, accessToken: string | null) => Promise<SubmitOutcome>;
