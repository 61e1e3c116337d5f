import {
  DEFAULT_CART_SHIPPING_METHOD,
  cartItemCount,
  cartSummary,
  lineTotal,
  type CartLine,
  type CartShippingMethod,
  type CartSummary,
} from '../../domain/cart.ts';
import { fromPln, type Grosz } from '../../domain/money.ts';
import type { CategoryId } from '../../domain/categories.ts';
import type { ProductRow } from '../../domain/product.ts';
import type { CartRecord } from '../../lib/db.ts';

/** A cart line as the drawer and the cart page show it. */
export interface CartViewLine {
  productId: string;
  quantity: number;
  /** False when the product is missing from the local catalogue (or withdrawn): shown, not counted. */
  available: boolean;
  name: string;
  imageUrl: string | null;
  /** Decides the delivery methods on offer (live flowers travel only locally); null when unknown. */
  category: CategoryId | null;
  unitPrice: Grosz;
  lineTotal: Grosz;
}

export interface CartView {
  lines: CartViewLine[];
  method: CartShippingMethod;
  summary: CartSummary;
  /** Items counted in the header badge (all lines, available or not). */
  itemCount: number;
}

export const UNAVAILABLE_PRODUCT_NAME = 'Produkt niedostępny';

/** Joins the stored cart with the device's catalogue, oldest line first. */
export function buildCartView(
  records: readonly CartRecord[],
  products: ReadonlyArray<ProductRow | undefined>,
  method: CartShippingMethod = DEFAULT_CART_SHIPPING_METHOD,
): CartView {
  const byId = new Map(products.filter((p): p is ProductRow => p !== undefined).map((p) => [p.id, p]));
  const sorted = [...records].sort((a, b) => a.addedAt.localeCompare(b.addedAt));
  const lines = sorted.map((record): CartViewLine => {
    const product = byId.get(record.productId);
    if (!product || !product.active) {
      return {
        productId: record.productId,
        quantity: record.quantity,
        available: false,
        name: product?.name ?? UNAVAILABLE_PRODUCT_NAME,
        imageUrl: product?.image_url ?? null,
        category: product?.category ?? null,
        unitPrice: fromPln(0),
        lineTotal: fromPln(0),
      };
    }
    const unitPrice = fromPln(product.price);
    return {
      productId: record.productId,
      quantity: record.quantity,
      available: true,
      name: product.name,
      imageUrl: product.image_url || null,
      category: product.category,
      unitPrice,
      lineTotal: lineTotal({ productId: record.productId, quantity: record.quantity, unitPrice }),
    };
  });
  const priced: CartLine[] = lines
    .filter((line) => line.available)
    .map((line) => ({ productId: line.productId, quantity: line.quantity, unitPrice: line.unitPrice }));
  const summary = cartSummary(priced, method);
  return {
    lines,
    method,
    summary,
    itemCount: cartItemCount(records),
  };
}
