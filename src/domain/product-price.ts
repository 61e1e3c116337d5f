import { fromPln, type Grosz } from './money.ts';
import type { ProductRow } from './product.ts';

/**
 * The price a product is sold at, and how a reduction is shown.
 * The one place the shop reads a product's price: cards, the product page,
 * the cart and the checkout. Copies stored on a device before promotions
 * existed lack the newer fields and read as their regular price.
 */

type PricedProduct = Pick<ProductRow, 'price' | 'current_price' | 'lowest_price_30d'>;

/** The price in force (the server's answer when the row was read), in grosz. */
export function priceInForce(product: PricedProduct): Grosz {
  return fromPln(product.current_price ?? product.price);
}

/** A reduced price as the shop shows it: the price, the regular one struck through, and the Omnibus price. */
export interface Reduction {
  price: Grosz;
  regular: Grosz;
  /** 'Najniższa cena z 30 dni przed obniżką'. */
  lowest30d: Grosz;
}

/**
 * The reduction to show, or null. A promotional price with no earlier price
 * on record (lowest_price_30d null) is shown as a plain price: a reduction
 * from a price never charged is what the Omnibus rule forbids.
 */
export function reductionOf(product: PricedProduct): Reduction | null {
  const price = priceInForce(product);
  const regular = fromPln(product.price);
  if (price >= regular || product.lowest_price_30d == null) return null;
  return { price, regular, lowest30d: fromPln(product.lowest_price_30d) };
}
