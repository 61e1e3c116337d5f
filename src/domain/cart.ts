import { CHECKOUT_DELIVERY_OPTIONS, deliveryOptionPrice, freeShippingApplies, missingForFreeShipping, orderTotal } from './delivery.ts';
import { addMoney, grosz, multiplyMoney, type Grosz } from './money.ts';

/** One priced cart line: the product's current price from the catalog, in grosz. */
export interface CartLine {
  productId: string;
  quantity: number;
  unitPrice: Grosz;
}

/**
 * What is known about a cart line's product. 'available': on sale (the
 * device's copy of the catalog or the server's answer); 'checking': missing
 * from the device, the server is being asked; 'unverified': missing and the
 * server could not be asked (offline), so place-order decides; 'unavailable':
 * the server has no such product on sale. Only the server's answer makes a
 * line unavailable.
 */
export type LineAvailability = 'available' | 'checking' | 'unverified' | 'unavailable';

/** May go into an order: on sale, or not checkable now (the server decides when the order arrives). */
export function isOrderable(availability: LineAvailability): boolean {
  return availability === 'available' || availability === 'unverified';
}

export function lineTotal(line: CartLine): Grosz {
  return multiplyMoney(line.unitPrice, line.quantity);
}

export function cartSubtotal(lines: readonly CartLine[]): Grosz {
  return addMoney(grosz(0), ...lines.map(lineTotal));
}

/** Total number of items (the header badge). */
export function cartItemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The cart page offers what the checkout offers, in the same order (docs/spec.md §9), by the same rule (allowedDeliveryMethods). */
export const CART_SHIPPING_OPTIONS = CHECKOUT_DELIVERY_OPTIONS;
export type CartShippingMethod = (typeof CART_SHIPPING_OPTIONS)[number];

/** The checkout's default too, so the two start on the same delivery. */
export const DEFAULT_CART_SHIPPING_METHOD: CartShippingMethod = 'store';

export function isCartShippingMethod(value: unknown): value is CartShippingMethod {
  return typeof value === 'string' && (CART_SHIPPING_OPTIONS as readonly string[]).includes(value);
}

/** What the cart prices delivery with: the owner's settings; the threshold null until it is known (never the built-in default). */
export interface CartPricing {
  freeThreshold: Grosz | null;
  ratePerKm: Grosz;
}

export interface CartSummary {
  subtotal: Grosz;
  /** The method's price; for local delivery its least price ('od …'), the exact one needs the address. */
  shipping: Grosz;
  /** Shipping and total are lower bounds ('od …'): local delivery before an address is known. */
  from: boolean;
  total: Grosz;
  /** 'Do darmowej wysyłki brakuje Ci: …' — threshold minus subtotal, never below 0; null where free shipping cannot apply or the threshold is not known yet. */
  missingForFree: Grosz | null;
}

/**
 * Products, delivery of the chosen method and the total, priced as the
 * checkout lists the options: couriers free from the threshold (never cash
 * on delivery), local delivery from its least price.
 */
export function cartSummary(lines: readonly CartLine[], method: CartShippingMethod, pricing: CartPricing): CartSummary {
  const subtotal = cartSubtotal(lines);
  // Until the threshold is known a courier is priced in full: a free delivery the owner never offered must not show.
  const threshold = pricing.freeThreshold ?? grosz(Number.MAX_SAFE_INTEGER);
  const price = deliveryOptionPrice(method, subtotal, threshold, pricing.ratePerKm);
  const counts = pricing.freeThreshold !== null && freeShippingApplies(method);
  return {
    subtotal,
    shipping: price.amount,
    from: price.from,
    total: orderTotal(subtotal, price.amount),
    missingForFree: counts ? missingForFreeShipping(subtotal, threshold) : null,
  };
}

/** The cart page's catalog number: the first 8 characters of the product id, upper case. */
export function catalogNumber(productId: string): string {
  return productId.slice(0, 8).toUpperCase();
}
