import type { Grosz } from './money.ts';
import { productPhotos } from './product-photo.ts';
import type { ProductRow, ProductSize } from './product.ts';
import { priceInForce, reductionOf, type Reduction } from './product-price.ts';
import { availabilityLabel, availabilityOf, canBeOrdered, type Availability, type StockFacts } from './stock.ts';

/**
 * A product's sizes ('Mały / Średni / Duży'): each priced, promoted and
 * stocked on its own (docs/decisions/038-product-sizes.md). The one rule
 * for what a line of a product costs, with or without a size: the cart, the
 * checkout and place-order all read linePrice.
 */

/** What pricing needs of a size: its regular price, and the price in force and the Omnibus price where known. */
type PricedSize = Pick<ProductSize, 'id' | 'price'> & Partial<Pick<ProductSize, 'current_price' | 'lowest_price_30d'>>;
type SizedProduct = Pick<ProductRow, 'price' | 'current_price' | 'lowest_price_30d'> & { sizes?: readonly PricedSize[] | null };

/** The product's sizes in the owner's order; none for a product sold as one. */
export function sizesOf(product: { sizes?: readonly ProductSize[] | null }): ProductSize[] {
  return [...(product.sizes ?? [])].sort((a, b) => a.position - b.position || a.label.localeCompare(b.label, 'pl'));
}

/** The size a product page starts on: the middle one of three (the smaller middle of an even count), the only one of one. */
export function defaultSize(sizes: readonly ProductSize[]): ProductSize | null {
  return sizes[Math.floor((sizes.length - 1) / 2)] ?? null;
}

/** The chosen size of the product, or null when the product has no such size. */
export function findSize<Size extends { id: string }>(
  product: { sizes?: readonly Size[] | null },
  sizeId: string | null | undefined,
): Size | null {
  if (!sizeId) return null;
  return product.sizes?.find((size) => size.id === sizeId) ?? null;
}

/**
 * The unit price of a line: the size's price in force, or the product's for a product without sizes.
 * Null when the line does not fit the product: a size it lacks, or none for a product sold in sizes.
 */
export function linePrice(product: SizedProduct, sizeId: string | null | undefined): Grosz | null {
  const sizes = product.sizes ?? [];
  if (sizes.length === 0) return sizeId ? null : priceInForce(product);
  const size = findSize(product, sizeId);
  return size ? priceInForce(size) : null;
}

/** The reduction shown for a line (the size's own promotion and Omnibus price), or null. */
export function lineReduction(product: SizedProduct, sizeId: string | null | undefined): Reduction | null {
  const size = findSize(product, sizeId);
  if (size) return reductionOf(size);
  return (product.sizes ?? []).length === 0 ? reductionOf(product) : null;
}

/** What a card shows: the lowest price in force, 'od' when the sizes differ in price. */
export function cardPrice(product: SizedProduct): { price: Grosz; from: boolean } {
  const sizes = product.sizes ?? [];
  if (sizes.length === 0) return { price: priceInForce(product), from: false };
  const prices = sizes.map((size) => priceInForce(size));
  const lowest = Math.min(...prices) as Grosz;
  return { price: lowest, from: prices.some((price) => price !== lowest) };
}

/** What decides whether a line can be ordered and how many pieces are left: the size's stock, or the product's. */
export function stockFactsOf(
  product: StockFacts & { sizes?: readonly ProductSize[] | null },
  sizeId: string | null | undefined,
): StockFacts {
  return findSize(product, sizeId) ?? product;
}

/** Whether a card marks the product 'Promocja': its own reduction, or for a product in sizes any size's. */
export function cardOnPromotion(product: SizedProduct): boolean {
  const sizes = product.sizes ?? [];
  return sizes.length === 0 ? reductionOf(product) !== null : sizes.some((size) => reductionOf(size) !== null);
}

/**
 * What a card says of stock. A product in sizes is as available as its sizes together: out of stock only when
 * no size can be ordered, made to order when every size is, and a word when some sizes are sold out or only
 * the last pieces are left; the product page then names each size's own.
 */
export function cardAvailability(product: StockFacts & { sizes?: readonly ProductSize[] | null }): {
  availability: Availability;
  label: string;
} {
  const sizes = product.sizes ?? [];
  if (sizes.length === 0) return { availability: availabilityOf(product), label: availabilityLabel(product) };
  const each = sizes.map((size) => availabilityOf(size));
  if (!sizes.some((size) => canBeOrdered(size))) return { availability: 'out-of-stock', label: availabilityLabel({ stock: 0 }) };
  if (each.every((one) => one === 'made-to-order'))
    return { availability: 'made-to-order', label: availabilityLabel({ stock: 0, made_to_order: true }) };
  if (each.includes('out-of-stock')) return { availability: 'low-stock', label: 'Niektóre rozmiary wyprzedane' };
  if (each.every((one) => one === 'low-stock')) return { availability: 'low-stock', label: 'Ostatnie sztuki' };
  return { availability: 'in-stock', label: availabilityLabel({ stock: Number.MAX_SAFE_INTEGER }) };
}

/** A line's name wherever an order is listed (mails, the order page, the day view, print, CSV): 'Bukiet róż (Duży)'. */
export function lineName(productName: string, sizeLabel: string | null | undefined): string {
  return sizeLabel ? `${productName} (${sizeLabel})` : productName;
}

/** The cart's key of a line: the product, and its size when it has one. */
export function cartLineKey(productId: string, sizeId: string | null | undefined): string {
  return sizeId ? `${productId}:${sizeId}` : productId;
}

/** The product as its page shows it with a size chosen: the size's own photo first, when it has one of the product's. */
export function withSizePhotoFirst<Product extends { photos?: unknown; sizes?: readonly ProductSize[] | null }>(
  product: Product,
  sizeId: string | null | undefined,
): Product {
  const photoId = findSize(product, sizeId)?.photo_id;
  const photos = productPhotos(product);
  const own = photos.find((photo) => photo.id === photoId);
  if (!own) return product;
  return { ...product, photos: [own, ...photos.filter((photo) => photo !== own)] };
}
