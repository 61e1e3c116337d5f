import { useDeferredValue, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { CATEGORIES, categoryLabel, type CategoryId } from '../../domain/categories.ts';
import { countProducts } from '../../domain/plural.ts';
import type { Grosz } from '../../domain/money.ts';
import type { ProductRow } from '../../domain/product.ts';
import { useFirstContent } from '../../boot/triggers.ts';
import { useHydrating } from '../../boot/hydration.tsx';
import { useSteppedCount } from './paced-rendering.ts';
import { PageHeading } from '../../lib/page-heading.tsx';
import { SearchIcon } from '../../lib/icons/later.tsx';
import { ProductGrid, ProductGridSkeleton, type GridFavourites, type RenderProductAction } from './product-grid.tsx';
import { loadSearchRule, useSearchRule } from './search-rule.ts';
import { ShopFilters, type OnFilterChange } from './shop-filters.tsx';
import { shopResults } from './shop-results.ts';
import { MAX_QUERY_LENGTH, type ShopSort } from './shop-search.ts';
import type { CatalogStatus } from './use-catalog.ts';

/** How many cards the shop renders before 'Pokaż więcej produktów'. */
export const PAGE_SIZE = 48;
/** Enough cards for the first screen at every width: a server-rendered page sends and hydrates these first. */
const FIRST_SCREEN_CARDS = 12;
/** After the first screen, cards are added this many at a time (four rows on a phone): small commits. */
const CARDS_PER_STEP = 8;

const pill =
  'inline-flex min-h-11 shrink-0 items-center whitespace-nowrap rounded-full border border-forest-200 bg-white px-4 text-sm font-medium text-forest-800 hover:border-forest-600 data-[status=active]:border-forest-800 data-[status=active]:bg-forest-800 data-[status=active]:text-white lg:w-full lg:rounded-xl';

export interface ShopPageProps {
  category: CategoryId | undefined;
  /** The search from the URL (already trimmed). */
  query: string;
  /** Called as the customer types; the route writes it to the URL. */
  onQueryChange: (text: string) => void;
  /** The order and price range from the URL (already parsed). */
  sort?: ShopSort | undefined;
  min?: Grosz | undefined;
  max?: Grosz | undefined;
  /** Called when the customer picks an order or types a price; the route writes it to the URL. */
  onFilterChange?: OnFilterChange;
  products: readonly ProductRow[];
  status: CatalogStatus;
  onRetry: () => void;
  renderAction?: RenderProductAction;
  favourites?: GridFavourites;
}

const ignoreFilterChange: OnFilterChange = () => undefined;

export function ShopPage({
  category,
  query,
  onQueryChange,
  sort,
  min,
  max,
  onFilterChange = ignoreFilterChange,
  products,
  status,
  onRetry,
  renderAction,
  favourites,
}: ShopPageProps) {
  const searchId = useId();
  // The box keeps exactly what was typed (spaces included); the URL gets the trimmed value.
  const [text, setText] = useState(query);
  const [seenQuery, setSeenQuery] = useState(query);
  if (query !== seenQuery) {
    setSeenQuery(query);
    if (text.trim() !== query) setText(query);
  }

  // On a phone the chips scroll sideways: bring the chosen one into view. Measured at the next frame, where the
  // browser lays the page out anyway: read in the effect, the sizes forced a layout of the whole page in the middle
  // of the hydration's effects.
  const chips = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const frame = requestAnimationFrame(() => {
      const list = chips.current;
      const active = list?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!list || !active || list.scrollWidth <= list.clientWidth) return;
      list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
    });
    return () => cancelAnimationFrame(frame);
  }, [category]);

  // Searched in a background render: typing stays quick, and the list stays while the search's code first loads.
  const searched = useDeferredValue(query);
  const search = useSearchRule(searched !== '');
  // The same function and params on the server and in the browser: the rendered list and the hydrated one agree.
  const visible = useMemo(
    () => shopResults(products, { category, q: searched, sort, min, max }, search),
    [products, category, searched, sort, min, max, search],
  );
  useFirstContent(status !== 'loading');
  // Cards are rendered a page at a time: a catalog of thousands stays quick to search and scroll.
  const listKey = `${category ?? ''}|${searched}|${sort ?? ''}|${min ?? ''}|${max ?? ''}`;
  const [shown, setShown] = useState({ listKey, count: PAGE_SIZE });
  const shownCount = shown.listKey === listKey ? shown.count : PAGE_SIZE;
  // A server-rendered page comes to life with the first screen of cards; the rest follow a few rows at a time.
  const hydrating = useHydrating();
  const renderedCount = useSteppedCount(shownCount, hydrating ? FIRST_SCREEN_CARDS : Number.POSITIVE_INFINITY, CARDS_PER_STEP);
  const rendered = useMemo(() => visible.slice(0, renderedCount), [visible, renderedCount]);
  const failedEmpty = status === 'error' && products.length === 0;
  const outdated = status === 'error' && products.length > 0;

  return (
    <section className="container-page py-8 sm:py-12">
      <PageHeading>Sklep</PageHeading>
      <p className="mt-1 text-lg text-ink-muted" data-testid="shop-category">
        {category ? categoryLabel(category) : 'Wszystkie produkty'}
      </p>

      <div className="mt-6 lg:grid lg:grid-cols-[14rem_1fr] lg:gap-10">
        <nav aria-label="Kategorie" className="-mx-4 lg:mx-0">
          <ul
            ref={chips}
            className="relative flex gap-2 overflow-x-auto px-4 pb-2 [scrollbar-width:thin] lg:flex-col lg:overflow-visible lg:px-0"
          >
            <li className="shrink-0">
              {/* exact: "all" must not stay active while a category is chosen; the router sets aria-current. */}
              <Link
                to="/shop"
                search={(previous) => ({ ...previous, category: undefined })}
                className={pill}
                activeOptions={{ exact: true }}
              >
                Wszystkie
              </Link>
            </li>
            {CATEGORIES.map((item) => (
              <li key={item.id} className="shrink-0">
                <Link
                  to="/shop"
                  search={(previous) => ({ ...previous, category: item.id })}
                  className={pill}
                  activeOptions={{ exact: true }}
                >
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="mt-4 min-w-0 lg:mt-0">
          <form role="search" onSubmit={(event) => event.preventDefault()}>
            <label htmlFor={searchId} className="text-sm font-medium text-forest-900">
              Szukaj produktów
            </label>
            <div className="relative mt-1">
              <SearchIcon className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-ink-muted" />
              <input
                id={searchId}
                type="search"
                value={text}
                maxLength={MAX_QUERY_LENGTH}
                autoComplete="off"
                enterKeyHint="search"
                placeholder="np. róża, znicz, magnes"
                onFocus={() => void loadSearchRule()}
                onChange={(event) => {
                  setText(event.target.value);
                  onQueryChange(event.target.value);
                }}
                className="min-h-12 w-full rounded-xl border border-forest-200 bg-white py-2 pr-3 pl-11 text-base text-ink placeholder:text-ink-muted/80 focus:border-forest-700"
              />
            </div>
          </form>
          <ShopFilters searching={searched !== ''} sort={sort} min={min} max={max} onChange={onFilterChange} />

          <div className="mt-4 min-h-6 text-sm text-ink-muted" aria-live="polite">
            {status === 'loading' || failedEmpty ? null : (
              <p data-testid="result-count" data-query={searched}>
                Znaleziono: {countProducts(visible.length)}
              </p>
            )}
          </div>
          {outdated ? (
            <p className="mt-1 text-sm text-ink-muted" data-testid="catalog-outdated">
              Nie udało się odświeżyć oferty — lista może być nieaktualna.{' '}
              <button type="button" onClick={onRetry} className="font-medium text-forest-800 underline">
                Odśwież
              </button>
            </p>
          ) : null}

          <div className="mt-4">
            {status === 'loading' ? (
              <ProductGridSkeleton />
            ) : failedEmpty ? (
              <CatalogError onRetry={onRetry} />
            ) : visible.length === 0 ? (
              <EmptyResults />
            ) : (
              <>
                <ProductGrid products={rendered} renderAction={renderAction} favourites={favourites} label="Produkty" />
                {visible.length > shownCount && (
                  <div className="mt-8 text-center">
                    <button type="button" className="btn-secondary" onClick={() => setShown({ listKey, count: shownCount + PAGE_SIZE })}>
                      Pokaż więcej produktów ({visible.length - shownCount})
                    </button>
                  </div>
                )}
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}

export function CatalogError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl border border-blush-200 bg-blush-50 px-5 py-10 text-center">
      <h2 className="text-xl font-semibold text-forest-900">Nie udało się pobrać produktów</h2>
      <p className="mt-2 text-ink-muted">Sprawdź połączenie z internetem i spróbuj ponownie.</p>
      <button type="button" onClick={onRetry} className="btn-primary mt-6">
        Spróbuj ponownie
      </button>
    </div>
  );
}

function EmptyResults() {
  return (
    <div className="rounded-2xl border border-forest-100 bg-white px-5 py-10 text-center">
      <h2 className="text-xl font-semibold text-forest-900">Nie znaleziono produktów</h2>
      <p className="mt-2 text-ink-muted">Zmień wyszukiwane słowa, kategorię lub przedział cenowy.</p>
      <Link to="/shop" search={{}} className="btn-secondary mt-6">
        Pokaż wszystkie produkty
      </Link>
    </div>
  );
}
