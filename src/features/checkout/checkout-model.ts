import type { LineAvailability } from '../../domain/cart.ts';
import type { CategoryId } from '../../domain/categories.ts';
import {
  allowedDeliveryMethods,
  fixedShippingCost,
  isLocalDelivery,
  linesContainLiveFlowers,
  type DeliveryMethod,
} from '../../domain/delivery.ts';
import type { DeliveryServiceOffer } from '../../domain/delivery-availability-contract.ts';
import type { DeliveryServiceId } from '../../domain/delivery-settings.ts';
import { takesRibbon } from '../../domain/florist-order.ts';
import { addMoney, fromPln, grosz, type Grosz } from '../../domain/money.ts';
import type { QuoteState } from './use-delivery-quote.ts';

/** A cart line as the checkout needs it (the route hands it over from the cart feature). */
export interface CheckoutLine {
  key: string;
  productId: string;
  /** The chosen size (null: sold as one) and its label, shown beside the name. */
  sizeId: string | null;
  sizeLabel: string | null;
  name: string;
  quantity: number;
  unitPrice: Grosz;
  lineTotal: Grosz;
  /** Whether the product is on sale, being checked with the server, uncheckable now, or gone (see LineAvailability). */
  availability: LineAvailability;
  /** May go into the order: on sale, or 'unverified' (place-order decides). */
  available: boolean;
  category: CategoryId | null;
}

export interface CheckoutCart {
  lines: readonly CheckoutLine[];
  subtotal: Grosz;
}

export function containsLiveFlowers(lines: readonly CheckoutLine[]): boolean {
  return linesContainLiveFlowers(lines);
}

export function offeredDeliveryMethods(lines: readonly CheckoutLine[]): readonly DeliveryMethod[] {
  return allowedDeliveryMethods(containsLiveFlowers(lines));
}

/** A wreath or a wiązanka in the cart: a funeral order may carry a ribbon. */
export function cartTakesRibbon(lines: readonly CheckoutLine[]): boolean {
  return lines.some((line) => takesRibbon(line.name));
}

/** A service at the grave the customer chose, priced as the availability answer says (place-order charges the same settings). */
export interface ChosenService {
  id: DeliveryServiceId;
  label: string;
  price: Grosz;
}

/** The chosen services with their prices; none unless the order goes to a cemetery. */
export function chosenServices(
  method: DeliveryMethod,
  ids: readonly DeliveryServiceId[],
  offers: readonly DeliveryServiceOffer[],
): ChosenService[] {
  if (method !== 'cemetery') return [];
  return offers
    .filter((offer) => ids.includes(offer.id))
    .map((offer) => ({ id: offer.id, label: offer.label, price: fromPln(offer.price) }));
}

export interface CheckoutTotals {
  subtotal: Grosz;
  /** null while home or cemetery delivery has no quote yet. */
  shipping: Grosz | null;
  services: readonly ChosenService[];
  total: Grosz;
}

/** The summary: products, delivery (fixed, free from the threshold, or the quote), services at the grave and the total. */
export function checkoutTotals(
  cart: CheckoutCart,
  method: DeliveryMethod,
  quote: QuoteState,
  freeThreshold: Grosz,
  services: readonly ChosenService[] = [],
): CheckoutTotals {
  let shipping: Grosz | null;
  if (isLocalDelivery(method)) shipping = quote.status === 'ready' ? quote.quote.cost : null;
  else shipping = fixedShippingCost(method, cart.subtotal, freeThreshold);
  const servicesCost = addMoney(...services.map((service) => service.price));
  return { subtotal: cart.subtotal, shipping, services, total: addMoney(cart.subtotal, shipping ?? grosz(0), servicesCost) };
}

/** The lines place-order receives: what and how many, never prices. */
export function orderItems(lines: readonly CheckoutLine[]): Array<{ productId: string; sizeId?: string; quantity: number }> {
  return lines
    .filter((line) => line.available)
    .map((line) => ({ productId: line.productId, ...(line.sizeId ? { sizeId: line.sizeId } : {}), quantity: line.quantity }));
}

/** Lines still being checked with the server: the order waits for the answer. */
export function linesBeingChecked(lines: readonly CheckoutLine[]): boolean {
  return lines.some((line) => line.availability === 'checking');
}

/** Lines whose product could not be checked (offline): their price is not in the totals. */
export function hasUnverifiedLines(lines: readonly CheckoutLine[]): boolean {
  return lines.some((line) => line.availability === 'unverified');
}
