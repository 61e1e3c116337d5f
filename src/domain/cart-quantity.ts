/*
 * How many of a product a cart line may hold. Its own module: adding to the
 * cart happens on every catalogue page, which must not load the delivery
 * pricing that the cart's summary needs.
 */

/** docs/spec.md §5: a cart quantity is a whole number from 1; we cap it so a typo cannot order a truckload. */
export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 999;

/** Keeps a stored or computed quantity inside 1..999. */
export function clampQuantity(quantity: number): number {
  if (!Number.isFinite(quantity)) return MIN_QUANTITY;
  return Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(quantity)));
}

/**
 * A typed quantity is accepted only when it is a whole number above 0 (docs/spec.md §5),
 * at most 999. Anything else ('', '1.5', '2,0', '-1', '0', '1e2', 'abc') gives null.
 */
export function parseQuantity(input: string | number): number | null {
  const text = String(input).trim();
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < MIN_QUANTITY || value > MAX_QUANTITY) return null;
  return value;
}
