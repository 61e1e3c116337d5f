import { useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { categoryLabel } from '../../domain/categories.ts';
import type { ProductRow } from '../../domain/product.ts';
import { defaultSize, findSize, sizesOf, stockFactsOf, withSizePhotoFirst } from '../../domain/product-sizes.ts';
import { availabilityLabel, availabilityOf, type Availability } from '../../domain/stock.ts';
import { PageHeading } from '../../lib/page-heading.tsx';
import { AddonPicker } from './addon-picker.tsx';
import { FavouriteButton } from './favourite-button.tsx';
import { ProductGallery } from './product-gallery.tsx';
import { ProductPriceTag } from './product-price-tag.tsx';
import { ProductGrid, type GridFavourites, type RenderProductAction } from './product-grid.tsx';
import { ProductSafetySection } from './product-safety-section.tsx';
import { ProductWithdrawalNote } from './product-withdrawal-note.tsx';
import { parseQuantity, QuantityInput } from './quantity-input.tsx';
import { ShareButton } from './share-button.tsx';
import { SizePicker } from './size-picker.tsx';

/** The add-ons ticked under 'Dodaj do bukietu', added with the product; `onAdded` clears the ticks once they are in the cart. */
export interface ChosenAddons {
  addons: readonly ProductRow[];
  onAdded: () => void;
}

/** The purchase controls for the product, the quantity, the chosen size (undefined: a product sold as one) and add-ons. */
export type RenderPurchase = (product: ProductRow, quantity: number, sizeId?: string, addons?: ChosenAddons) => ReactNode;

const AVAILABILITY_CLASS: Record<Availability, string> = {
  'made-to-order': 'bg-forest-50 text-forest-800',
  'in-stock': 'bg-forest-50 text-forest-800',
  'low-stock': 'bg-blush-100 text-blush-700',
  'out-of-stock': 'bg-cream-200 text-blush-700',
};

export interface ProductDetailsProps {
  product: ProductRow;
  similar: readonly ProductRow[];
  /** The add-ons offered under 'Dodaj do bukietu' (none: the section is not shown). */
  addons?: readonly ProductRow[];
  renderPurchase: RenderPurchase;
  renderAction?: RenderProductAction;
  favourites?: GridFavourites;
}

export function ProductDetails({ product, similar, addons = [], renderPurchase, renderAction, favourites }: ProductDetailsProps) {
  const [quantityText, setQuantityText] = useState('1');
  const quantity = parseQuantity(quantityText) ?? 1;
  const sizes = sizesOf(product);
  const [chosenSize, setChosenSize] = useState(() => defaultSize(sizes)?.id ?? null);
  const sizeId = findSize(product, chosenSize)?.id ?? defaultSize(sizes)?.id;
  const stock = stockFactsOf(product, sizeId);
  const availability = availabilityOf(stock);
  const [chosenAddonIds, setChosenAddonIds] = useState<ReadonlySet<string>>(() => new Set());
  const chosenAddons: ChosenAddons = {
    addons: addons.filter((addon) => chosenAddonIds.has(addon.id)),
    onAdded: () => setChosenAddonIds(new Set()),
  };
  const toggleAddon = (id: string, chosen: boolean) =>
    setChosenAddonIds((previous) => {
      const next = new Set(previous);
      if (chosen) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <article className="container-page py-8 sm:py-12">
      <div className="grid gap-8 md:grid-cols-2 md:gap-12">
        {/* Keyed: another product's page, or another size, starts at its own first photo. */}
        <ProductGallery key={`${product.id}:${sizeId ?? ''}`} product={withSizePhotoFirst(product, sizeId)} />

        <div className="flex flex-col">
          <Link
            to="/shop"
            search={{ category: product.category }}
            className="self-start rounded text-sm font-medium tracking-wide text-forest-700 uppercase hover:underline"
          >
            {categoryLabel(product.category)}
          </Link>
          <div className="mt-2 flex items-start justify-between gap-3">
            <PageHeading>{product.name}</PageHeading>
            <div className="flex shrink-0 gap-2">
              {favourites ? (
                <FavouriteButton pressed={favourites.isFavourite(product.id)} onToggle={() => favourites.toggle(product.id)} />
              ) : null}
              <ShareButton title={product.name} text={product.description} />
            </div>
          </div>
          <div className="mt-4">
            <ProductPriceTag product={product} size="page" sizeId={sizeId} />
          </div>
          {sizes.length > 0 ? <SizePicker sizes={sizes} chosen={sizeId ?? null} onChoose={setChosenSize} /> : null}
          <p
            className={`mt-3 inline-flex self-start rounded-full px-3 py-1 text-sm font-semibold ${AVAILABILITY_CLASS[availability]}`}
            data-testid="product-availability"
          >
            {availabilityLabel(stock)}
          </p>
          <p className="mt-5 max-w-prose text-lg leading-relaxed text-ink-muted">{product.description}</p>
          <ProductWithdrawalNote product={product} />
          <AddonPicker addons={addons} chosen={chosenAddonIds} onToggle={toggleAddon} />

          <div className="mt-8 flex flex-wrap items-end gap-4 border-t border-forest-100 pt-6">
            <QuantityInput text={quantityText} onTextChange={setQuantityText} />
            <div className="min-w-0 flex-1" data-testid="purchase-slot">
              {renderPurchase(product, quantity, sizeId, chosenAddons)}
            </div>
          </div>
        </div>
      </div>

      <ProductSafetySection product={product} />

      {similar.length > 0 ? (
        <section aria-labelledby="similar-heading" className="mt-14 border-t border-forest-100 pt-10">
          <h2 id="similar-heading" className="text-2xl font-semibold text-forest-900">
            Podobne produkty
          </h2>
          <div className="mt-6">
            <ProductGrid products={similar} renderAction={renderAction} favourites={favourites} headingLevel={3} label="Podobne produkty" />
          </div>
        </section>
      ) : null}
    </article>
  );
}
