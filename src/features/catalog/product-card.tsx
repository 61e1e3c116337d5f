import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { categoryLabel } from '../../domain/categories.ts';
import type { ProductRow } from '../../domain/product.ts';
import { ProductImage } from '../../lib/product-image.tsx';
import { cardAvailability, cardOnPromotion } from '../../domain/product-sizes.ts';
import { FavouriteButton } from './favourite-button.tsx';
import { ProductPriceTag } from './product-price-tag.tsx';

export interface ProductCardProps {
  product: ProductRow;
  /** The card's action (add to cart), provided by whoever composes the page. */
  action?: ReactNode;
  /** Images of the first row load at once; the rest lazily. */
  eager?: boolean;
  headingLevel?: 2 | 3;
  /** The wishlist heart over the picture, when the page offers it. */
  favourite?: { pressed: boolean; onToggle: () => void };
}

/**
 * A card's picture width in the grid (product-grid.tsx: two columns on phones,
 * three from sm; container-page's padding). From lg the shop's category list
 * takes a column, so its cards are narrower than 'Podobne produkty': the
 * widest case is given, at most a file's step too big.
 */
const CARD_IMAGE_SIZES = '(min-width: 1152px) 350px, (min-width: 640px) calc(33vw - 29px), calc(50vw - 22px)';

export function ProductCard({ product, action, eager = false, headingLevel = 2, favourite }: ProductCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // A product in sizes: what its sizes together allow (the product page names each size's own).
  const { availability, label } = cardAvailability(product);
  return (
    <article
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-forest-100 bg-white shadow-sm"
      data-testid="product-card"
    >
      <div className="relative">
        {/* The name below is the link for keyboards and screen readers; the picture is a bigger tap target. */}
        <Link to="/product/$id" params={{ id: product.id }} tabIndex={-1} aria-hidden="true" className="block bg-cream-200">
          <ProductImage product={product} sizes={CARD_IMAGE_SIZES} eager={eager} className="aspect-square w-full object-cover" />
        </Link>
        {cardOnPromotion(product) ? (
          <span className="absolute top-2 left-2 rounded-full bg-blush-700 px-2.5 py-0.5 text-xs font-semibold text-white shadow-sm">
            Promocja
          </span>
        ) : null}
        {favourite ? (
          <FavouriteButton pressed={favourite.pressed} onToggle={favourite.onToggle} variant="overlay" productName={product.name} />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="text-xs font-medium tracking-wide text-forest-700 uppercase">{categoryLabel(product.category)}</p>
        <Heading className="mt-1 text-base leading-snug font-semibold text-forest-900 sm:text-lg">
          <Link to="/product/$id" params={{ id: product.id }} className="rounded hover:underline">
            {product.name}
          </Link>
        </Heading>
        <div className="mt-auto pt-3">
          <ProductPriceTag product={product} size="card" />
          {/* Plenty in stock goes without saying on a card; the rest is worth a word. */}
          {availability === 'in-stock' ? null : (
            <p
              className={`text-sm font-medium ${availability === 'made-to-order' ? 'text-forest-700' : 'text-blush-700'}`}
              data-testid="card-availability"
            >
              {label}
            </p>
          )}
          {action ? <div className="mt-3">{action}</div> : null}
        </div>
      </div>
    </article>
  );
}

/**
 * Look for a card's action button: compact enough for two cards side by side on a phone. The colour fades only
 * where there is hover to fade for: on a touch screen every card's button turning from "not yet" to ready when the
 * page comes to life faded too, a dozen colour animations on the main thread in the middle of hydration.
 */
export const CARD_ACTION_CLASS =
  'inline-flex min-h-11 w-full items-center justify-center rounded-full bg-blush-300 px-2 py-2 text-sm leading-tight font-semibold text-forest-900 shadow-sm [@media(hover:hover)]:transition-colors hover:bg-blush-400 disabled:cursor-not-allowed disabled:bg-cream-200 disabled:text-ink-muted disabled:shadow-none';
