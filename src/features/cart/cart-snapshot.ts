import { isCartShippingMethod, type CartShippingMethod } from '../../domain/cart.ts';
import type { ProductRow } from '../../domain/product.ts';
import type { CartRecord } from '../../lib/db.ts';

/**
 * The device's cart as last read from its database, kept in localStorage: the
 * cart page shows its lines right after it comes to life, without waiting for
 * the database's code and its opening (docs/decisions/034-cart-code-preloaded.md).
 * The database stays the cart's one source: its answer replaces the copy
 * within moments and writes it again; every change through cart-store drops it first.
 */
export interface StoredCart {
  records: CartRecord[];
  products: Array<ProductRow | undefined>;
  method: CartShippingMethod;
}

const SNAPSHOT_KEY = 'kwiaciarnia:cart';

let read: { raw: string | null; value: StoredCart | undefined } | null = null;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parse(raw: string | null): StoredCart | undefined {
  if (raw === null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return undefined;
    const { records, products, method } = value as Record<string, unknown>;
    if (!Array.isArray(records) || !Array.isArray(products) || records.length !== products.length || !isCartShippingMethod(method)) {
      return undefined;
    }
    // An empty cart has no lines to show early, and must never hide lines added since.
    if (records.length === 0) return undefined;
    // JSON has no undefined: a product the device lacked comes back as null.
    return { records: records as CartRecord[], products: products.map((p: ProductRow | null) => p ?? undefined), method };
  } catch {
    return undefined;
  }
}

/** The kept copy (the same object while it is unchanged, as useSyncExternalStore needs); undefined when there is none. */
export function cartSnapshot(): StoredCart | undefined {
  const raw = storage()?.getItem(SNAPSHOT_KEY) ?? null;
  if (read?.raw !== raw) read = { raw, value: parse(raw) };
  return read.value;
}

/** The server knows no device's cart. */
export function noCartSnapshot(): undefined {
  return undefined;
}

/** The copy is read once, right after the page comes to life; the database's live answer follows it. */
export function subscribeToCartSnapshot(): () => void {
  return () => {};
}

/** Whether two reads of the cart hold the same lines, products and delivery (as the copy stores them). */
export function sameStoredCart(a: StoredCart, b: StoredCart): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** Keeps what the database answered. A full or blocked storage only costs the next page's head start. */
export function keepCartSnapshot(cart: StoredCart): void {
  try {
    storage()?.setItem(SNAPSHOT_KEY, JSON.stringify(cart));
  } catch {
    // Nothing to do: the page reads the database as before.
  }
}

/** Before the cart changes: no page may show the copy from before the change. */
export function forgetCartSnapshot(): void {
  try {
    storage()?.removeItem(SNAPSHOT_KEY);
  } catch {
    // As above.
  }
}
