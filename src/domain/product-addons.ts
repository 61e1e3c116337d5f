import type { CategoryId } from './categories.ts';
import type { ProductRow } from './product.ts';
import { canBeOrdered } from './stock.ts';

/**
 * Add-ons: a vase, chocolates, a balloon, a candle, a teddy bear, offered beside a bouquet ('Dodaj do bukietu' on
 * its page, 'Może jeszcze…' in the cart and at checkout). Each stays an ordinary product: its own price, stock,
 * category (so its own delivery methods) and withdrawal rule (docs/decisions/039-product-addons.md).
 */

type AddonFacts = Pick<ProductRow, 'id' | 'active' | 'stock'> & Partial<Pick<ProductRow, 'is_addon' | 'made_to_order' | 'sizes'>>;

/** Where add-ons are offered: the pages of flowers, the bouquets they go with. */
const OFFERED_WITH: readonly CategoryId[] = ['live-flowers', 'artificial-flowers'];

/** Marks an add-on in the florist's lists, after the bouquet it goes with: '+ Wazon szklany'. */
export const ADDON_MARK = '+';

/** Whether the owner marked the product an add-on (a copy stored before the column existed reads as not one). */
export function isAddon(product: { is_addon?: boolean | null }): boolean {
  return product.is_addon === true;
}

/** Whether the product's page and a cart holding it offer add-ons: flowers that are not an add-on themselves. */
export function offersAddons(product: { category: CategoryId | null; is_addon?: boolean | null }): boolean {
  return product.category !== null && OFFERED_WITH.includes(product.category) && !isAddon(product);
}

/**
 * The add-ons to offer, by name: active, orderable now, sold as one (an add-on in sizes is chosen on its own
 * page), and not among `taken` (already in the cart, or the page's own product).
 */
export function addonsToOffer<Product extends AddonFacts & { name: string }>(
  products: readonly Product[],
  taken: ReadonlySet<string> = new Set(),
): Product[] {
  return products
    .filter(
      (product) =>
        isAddon(product) && product.active && !taken.has(product.id) && (product.sizes ?? []).length === 0 && canBeOrdered(product),
    )
    .sort((left, right) => left.name.localeCompare(right.name, 'pl'));
}

/**
 * 'Może jeszcze…' in the cart and at checkout: the add-ons not yet in the cart, and only while it holds flowers
 * they go with (a cart of a candle alone is offered nothing).
 */
export function addonsForCart<Product extends AddonFacts & { name: string; category: CategoryId }>(
  products: readonly Product[],
  cartProductIds: readonly string[],
): Product[] {
  const inCart = new Set(cartProductIds);
  const withFlowers = products.some((product) => inCart.has(product.id) && offersAddons(product));
  return withFlowers ? addonsToOffer(products, inCart) : [];
}

/** An order's lines as the florist reads them: the flowers first, then the add-ons that go with them, each group in its order. */
export function addonsLast<Line extends { isAddon: boolean }>(lines: readonly Line[]): Line[] {
  return [...lines.filter((line) => !line.isAddon), ...lines.filter((line) => line.isAddon)];
}

/** A line's name in the florist's lists: an add-on marked, so it reads as going with the bouquet above it. */
export function floristLineName(line: { name: string; isAddon: boolean }): string {
  return line.isAddon ? `${ADDON_MARK} ${line.name}` : line.name;
}
