import { memo, type ReactNode } from 'react';
import type { ProductRow } from '../../domain/product.ts';
import { ProductCard } from './product-card.tsx';

export type RenderProductAction = (product: ProductRow) => ReactNode;

/** Wishlist state for the hearts on the cards. */
export interface GridFavourites {
  isFavourite: (productId: string) => boolean;
  toggle: (productId: string) => void;
}

/** Enough eager images to fill the first row at every breakpoint. */
const EAGER_IMAGES = 3;

const gridClass = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5';
/**
 * A card off screen is not styled, laid out or painted until it nears the
 * viewport (the browser's first layout of a page of cards was a
 * long task on a slow phone). The placeholder height is about a card's at
 * phone width; `auto` keeps the real height once a card has been shown. The
 * clip margin keeps the card's shadow, which the containment would cut.
 */
const cardItemClass = '[content-visibility:auto] [contain-intrinsic-size:auto_25rem] [overflow-clip-margin:0.5rem]';

interface ProductGridProps {
  products: readonly ProductRow[];
  renderAction?: RenderProductAction | undefined;
  headingLevel?: 2 | 3;
  label?: string | undefined;
  favourites?: GridFavourites | undefined;
}

/**
 * Renders again only when what the cards show changes: the page around it
 * re-renders as its data settles (the device's copy, the favourites, the
 * session), and a page of cards with their links is the costliest part of it.
 */
export const ProductGrid = memo(ProductGridCards, (previous, next) => {
  return (
    previous.products === next.products &&
    previous.renderAction === next.renderAction &&
    previous.headingLevel === next.headingLevel &&
    previous.label === next.label &&
    previous.favourites?.isFavourite === next.favourites?.isFavourite &&
    previous.favourites?.toggle === next.favourites?.toggle
  );
});

function ProductGridCards({ products, renderAction, headingLevel = 2, label, favourites }: ProductGridProps) {
  return (
    <ul className={gridClass} aria-label={label}>
      {products.map((product, index) => (
        <ProductGridItem
          key={product.id}
          product={product}
          renderAction={renderAction}
          eager={index < EAGER_IMAGES}
          headingLevel={headingLevel}
          favourite={favourites?.isFavourite(product.id)}
          toggleFavourite={favourites?.toggle}
        />
      ))}
    </ul>
  );
}

interface ProductGridItemProps {
  product: ProductRow;
  renderAction: RenderProductAction | undefined;
  eager: boolean;
  headingLevel: 2 | 3;
  /** Whether the product is hearted; undefined without a wishlist. */
  favourite: boolean | undefined;
  toggleFavourite: ((productId: string) => void) | undefined;
}

/**
 * One card, rendered again only when its own props change: the cards already
 * on screen stay as they are when the list grows (a server-rendered page's
 * first screen, then the rest; 'Pokaż więcej') or another card is hearted.
 */
const ProductGridItem = memo(function ProductGridItem({
  product,
  renderAction,
  eager,
  headingLevel,
  favourite,
  toggleFavourite,
}: ProductGridItemProps) {
  return (
    <li className={cardItemClass}>
      <ProductCard
        product={product}
        action={renderAction?.(product)}
        eager={eager}
        headingLevel={headingLevel}
        favourite={toggleFavourite ? { pressed: favourite === true, onToggle: () => toggleFavourite(product.id) } : undefined}
      />
    </li>
  );
});

/** Placeholder cards of the same size as real ones, so nothing jumps when the data arrives. */
export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <ul className={gridClass} aria-hidden="true" data-testid="product-grid-skeleton">
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <div className="flex h-full animate-pulse flex-col overflow-hidden rounded-2xl border border-forest-100 bg-white">
            <div className="aspect-square w-full bg-cream-200" />
            <div className="flex flex-col gap-2 p-3 sm:p-4">
              <div className="h-3 w-1/3 rounded bg-forest-50" />
              <div className="h-5 w-4/5 rounded bg-forest-50" />
              <div className="mt-3 h-6 w-1/3 rounded bg-forest-50" />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
