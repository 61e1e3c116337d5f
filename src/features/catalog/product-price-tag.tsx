import { formatPln } from '../../domain/money.ts';
import type { ProductRow } from '../../domain/product.ts';
import { cardPrice, lineReduction, linePrice } from '../../domain/product-sizes.ts';

export interface ProductPriceTagProps {
  product: ProductRow;
  size: 'card' | 'page';
  /** The chosen size on the product page: its own price, promotion and Omnibus price. */
  sizeId?: string;
}

const PRICE_CLASS = { card: 'text-lg', page: 'text-3xl' } as const;
const REGULAR_CLASS = { card: 'text-sm', page: 'text-lg' } as const;
const OMNIBUS_CLASS = { card: 'text-xs', page: 'mt-1 text-sm' } as const;

/**
 * A product's price: the price in force, and during a promotion the regular
 * price struck through with the Omnibus line beside it (art. 4 ust. 2 ustawy
 * o informowaniu o cenach). A struck-through price is not read out as such,
 * so screen readers hear what each amount is.
 */
export function ProductPriceTag({ product, size, sizeId }: ProductPriceTagProps) {
  const reduction = lineReduction(product, sizeId);
  // The product page's price is what tests and the server-rendering check look for; cards have their own.
  const testId = size === 'page' ? 'product-price' : undefined;
  if (!reduction) {
    // A card of a product in sizes, or a page before a size is chosen: the lowest price, 'od' when they differ.
    const chosen = linePrice(product, sizeId);
    const lowest = cardPrice(product);
    return (
      <p className={`${PRICE_CLASS[size]} font-bold text-ink`} data-testid={testId}>
        {chosen !== null ? formatPln(chosen) : lowest.from ? `od ${formatPln(lowest.price)}` : formatPln(lowest.price)}
      </p>
    );
  }
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className={`${PRICE_CLASS[size]} font-bold text-blush-700`} data-testid={testId}>
          <span className="sr-only">Cena promocyjna: </span>
          {formatPln(reduction.price)}
        </span>
        <s className={`${REGULAR_CLASS[size]} text-ink-muted`}>
          <span className="sr-only">Cena regularna: </span>
          {formatPln(reduction.regular)}
        </s>
      </p>
      <p className={`${OMNIBUS_CLASS[size]} text-ink-muted`} data-testid="omnibus-price">
        Najniższa cena z 30 dni przed obniżką: {formatPln(reduction.lowest30d)}
      </p>
    </div>
  );
}
