import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { categoryLabel } from '../../domain/categories.ts';
import { formatPln } from '../../domain/money.ts';
import type { ProductRow } from '../../domain/product.ts';
import { cardPrice } from '../../domain/product-sizes.ts';
import { apiKeyHeaders, getBackendConfig } from '../../lib/backend-config.ts';
import { readPageData } from '../../lib/page-data.ts';
import { ProductImage } from '../../lib/product-image.tsx';
import { FEATURED_PRODUCTS_PATH } from './featured-query.ts';

/** The rows a server-rendered home page was rendered with, or null (the browser came to / from another page). */
function broughtRows(): ProductRow[] | null {
  const rows = readPageData('featured-products');
  return Array.isArray(rows) ? (rows as ProductRow[]) : null;
}

async function fetchFeatured(signal: AbortSignal): Promise<ProductRow[]> {
  const { url, anonKey } = getBackendConfig();
  const response = await fetch(`${url.replace(/\/+$/, '')}/rest/v1/${FEATURED_PRODUCTS_PATH}`, {
    headers: { Accept: 'application/json', ...apiKeyHeaders(anonKey) },
    signal,
  });
  const rows: unknown = response.ok ? await response.json() : null;
  return Array.isArray(rows) ? (rows as ProductRow[]) : [];
}

/**
 * The products the owner marks as featured in the product form, for sale now.
 * The server renders the page with the rows it sends along, so hydration
 * draws the same; without them (another page first, or a slow backend) the
 * rows are fetched. Nothing to show, or no connection: none.
 */
export function useFeaturedProducts(): ProductRow[] {
  const [rows, setRows] = useState(broughtRows);
  useEffect(() => {
    if (rows) return undefined;
    const controller = new AbortController();
    fetchFeatured(controller.signal).then(setRows, () => undefined);
    return () => controller.abort();
  }, [rows]);
  // A signed-in owner may read hidden products too: the shop window shows only what is for sale.
  return rows?.filter((row) => row.active !== false) ?? [];
}

/** 'Polecane': no section without a product to show. */
export function FeaturedProducts({ products }: { products: readonly ProductRow[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="featured-heading" className="container-page pb-14 sm:pb-20">
      <h2 id="featured-heading" className="text-2xl font-semibold text-forest-900 sm:text-3xl">
        Polecane
      </h2>
      <p className="mt-2 max-w-2xl text-ink-muted">Nasze ulubione kompozycje i upominki, wybrane specjalnie dla Ciebie.</p>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-5" aria-label="Polecane produkty">
        {products.map((product) => (
          <li key={product.id}>
            <FeaturedCard product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Two columns on a phone, four from sm (container-page's padding): the picture's width. */
const IMAGE_SIZES = '(min-width: 1152px) 260px, (min-width: 640px) calc(25vw - 32px), calc(50vw - 22px)';

/**
 * A teaser that leads to the product page: picture, category, name and the
 * price in force. Light on purpose (the shop's cards and their cart button
 * stay in the shop's code, whose budget has no room to share them).
 */
/** 'od 89,00 zł' for a bouquet in sizes, as the shop's cards say (the one rule: domain/product-sizes.ts). */
function FeaturedPrice({ product }: { product: ProductRow }) {
  const { price, from } = cardPrice(product);
  return (
    <p className="mt-auto pt-3 text-lg font-bold text-ink">
      {from ? 'od ' : ''}
      {formatPln(price)}
    </p>
  );
}

function FeaturedCard({ product }: { product: ProductRow }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-forest-100 bg-white shadow-sm">
      <Link to="/product/$id" params={{ id: product.id }} tabIndex={-1} aria-hidden="true" className="block bg-cream-200">
        <ProductImage product={product} sizes={IMAGE_SIZES} className="aspect-square w-full object-cover" />
      </Link>
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="text-xs font-medium tracking-wide text-forest-700 uppercase">{categoryLabel(product.category)}</p>
        <h3 className="mt-1 text-base leading-snug font-semibold text-forest-900 sm:text-lg">
          <Link to="/product/$id" params={{ id: product.id }} className="rounded hover:underline">
            {product.name}
          </Link>
        </h3>
        <FeaturedPrice product={product} />
      </div>
    </article>
  );
}
