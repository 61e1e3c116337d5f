import {
  DEFAULT_CART_SHIPPING_METHOD,
  cartItemCount,
  cartSummary,
  catalogNumber,
  isOrderable,
  lineTotal,
  type LineAvailability,
  type CartLine,
  type CartPricing,
  type CartShippingMethod,
  type CartSummary,
} from '../../domain/cart.ts';
import {
  DEFAULT_DELIVERY_RATE_PER_KM,
  DEFAULT_FREE_SHIPPING_THRESHOLD,
  allowedDeliveryMethods,
  linesContainLiveFlowers,
  usableDeliveryMethod,
  type DeliveryMethod,
} from '../../domain/delivery.ts';
import { fromPln, type Grosz } from '../../domain/money.ts';
import type { CategoryId } from '../../domain/categories.ts';
import type { ProductRow } from '../../domain/product.ts';
import {
  DEFAULT_WITHDRAWAL_RULE,
  productWithdrawalExemption,
  type WithdrawalExemption,
  type WithdrawalRule,
} from '../../domain/withdrawal-right.ts';
import { findSize, linePrice } from '../../domain/product-sizes.ts';
import type { CartRecord } from '../../lib/db.ts';
import type { PicturedProduct } from '../../lib/product-image.tsx';
import type { ProductCheck, ProductChecks } from './cart-product-check.ts';

/** A cart line as the drawer and the cart page show it. */
export interface CartViewLine {
  /** The line's key in the cart (cartLineKey: the product and its size). */
  key: string;
  productId: string;
  /** The chosen size and its label; null for a product sold as one. */
  sizeId: string | null;
  sizeLabel: string | null;
  quantity: number;
  /** What is known about the product; see LineAvailability. Only priced ('available') lines count in the totals. */
  availability: LineAvailability;
  /** May go into an order: 'available', or 'unverified' (place-order decides). */
  available: boolean;
  name: string;
  /** Whose picture the line shows (photo or illustration); null when the product is unknown. */
  picture: PicturedProduct | null;
  /** Decides the delivery methods on offer (live flowers travel only locally); null when unknown. */
  category: CategoryId | null;
  /** The product's own withdrawal setting; null when the product is unknown. Rows stored before it existed read as 'category'. */
  withdrawalRule: WithdrawalRule | null;
  /** Why this line cannot be returned within 14 days, from the category or the setting; null when it can, or the product is unknown. */
  withdrawalExemption: WithdrawalExemption | null;
  unitPrice: Grosz;
  lineTotal: Grosz;
}

export interface CartView {
  lines: CartViewLine[];
  /** The chosen method if this cart may use it, else store pickup (as the checkout falls back). */
  method: CartShippingMethod;
  /** What this cart may use (live flowers: pickup and the shop's own delivery only). */
  offered: readonly DeliveryMethod[];
  liveFlowers: boolean;
  pricing: CartPricing;
  summary: CartSummary;
  /** Items counted in the header badge (all lines, available or not). */
  itemCount: number;
}

export const UNAVAILABLE_PRODUCT_NAME = 'Produkt niedostępny';

/** A product the device does not know yet: named by its catalog number until the server answers. */
export function unknownProductName(productId: string): string {
  return `Produkt nr ${catalogNumber(productId)}`;
}

/** Cart lines whose product the device's catalog lacks (and no check kept in memory): the server is asked about them. */
export function missingProductIds(
  records: readonly CartRecord[],
  products: ReadonlyArray<ProductRow | undefined>,
  checks: ProductChecks,
): string[] {
  const known = new Set(products.filter((p): p is ProductRow => p !== undefined).map((p) => p.id));
  return records.map((r) => r.productId).filter((id) => !known.has(id) && !hasCheckedRow(checks.get(id)));
}

function hasCheckedRow(check: ProductCheck | undefined): check is { status: 'found'; row: ProductRow } {
  return check?.status === 'found' && check.row !== undefined;
}

/** A product missing from the device is never called unavailable on that alone: only the server's answer does that. */
function missingAvailability(check: ProductCheck | undefined): LineAvailability {
  if (check?.status === 'gone') return 'unavailable';
  if (check?.status === 'unreachable') return 'unverified';
  // Not asked yet, being asked, or found and on its way into the device's copy.
  return 'checking';
}

/** The line's withdrawal setting and what it means; a copy stored before the setting existed follows its category. */
function withdrawalOf(product: ProductRow | undefined): Pick<CartViewLine, 'withdrawalRule' | 'withdrawalExemption'> {
  if (!product) return { withdrawalRule: null, withdrawalExemption: null };
  return { withdrawalRule: product.withdrawal_rule ?? DEFAULT_WITHDRAWAL_RULE, withdrawalExemption: productWithdrawalExemption(product) };
}

/** Joins the stored cart with the device's catalog and the server's answers about missing products, oldest line first. */
export function buildCartView(
  records: readonly CartRecord[],
  products: ReadonlyArray<ProductRow | undefined>,
  method: CartShippingMethod = DEFAULT_CART_SHIPPING_METHOD,
  checks: ProductChecks = new Map(),
  pricing: CartPricing = { freeThreshold: DEFAULT_FREE_SHIPPING_THRESHOLD, ratePerKm: DEFAULT_DELIVERY_RATE_PER_KM },
): CartView {
  const byId = new Map(products.filter((p): p is ProductRow => p !== undefined).map((p) => [p.id, p]));
  const sorted = [...records].sort((a, b) => a.addedAt.localeCompare(b.addedAt));
  const lines = sorted.map((record): CartViewLine => {
    const check = checks.get(record.productId);
    const product = byId.get(record.productId) ?? (hasCheckedRow(check) ? check.row : undefined);
    const size = product ? findSize(product, record.sizeId) : null;
    const unitPrice = product ? linePrice(product, record.sizeId) : null;
    const identity = { key: record.key, productId: record.productId, sizeId: record.sizeId ?? null, sizeLabel: size?.label ?? null };
    if (!product || !product.active || unitPrice === null) {
      // A row that says inactive is the server's word too; so is a size the product no longer has.
      const availability = product ? 'unavailable' : missingAvailability(check);
      return {
        ...identity,
        quantity: record.quantity,
        availability,
        available: isOrderable(availability),
        name: product?.name ?? (availability === 'unavailable' ? UNAVAILABLE_PRODUCT_NAME : unknownProductName(record.productId)),
        picture: product ?? null,
        category: product?.category ?? null,
        ...withdrawalOf(product),
        unitPrice: fromPln(0),
        lineTotal: fromPln(0),
      };
    }
    return {
      ...identity,
      quantity: record.quantity,
      availability: 'available',
      available: true,
      name: product.name,
      picture: product,
      category: product.category,
      ...withdrawalOf(product),
      unitPrice,
      lineTotal: lineTotal({ productId: record.productId, quantity: record.quantity, unitPrice }),
    };
  });
  const priced: CartLine[] = lines
    .filter((line) => line.availability === 'available')
    .map((line) => ({ productId: line.productId, quantity: line.quantity, unitPrice: line.unitPrice }));
  // Every line counts, priced or not: a line being checked is still going to travel.
  const liveFlowers = linesContainLiveFlowers(lines);
  const usable = usableDeliveryMethod(method, liveFlowers) as CartShippingMethod;
  return {
    lines,
    method: usable,
    offered: allowedDeliveryMethods(liveFlowers),
    liveFlowers,
    pricing,
    summary: cartSummary(priced, usable, pricing),
    itemCount: cartItemCount(records),
  };
}
