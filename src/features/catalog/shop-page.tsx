import { Link } from '@tanstack/react-router';
import { CATEGORIES, categoryLabel, type CategoryId } from '../../domain/categories.ts';

const pill =
  'inline-flex min-h-11 items-center rounded-full border border-forest-200 bg-white px-4 text-sm font-medium text-forest-800 hover:border-forest-600 data-[status=active]:border-forest-800 data-[status=active]:bg-forest-800 data-[status=active]:text-white';

/** Placeholder of the catalogue: the product list arrives with the catalog issue. */
export function ShopPage({ category }: { category: CategoryId | undefined }) {
  return (
    <section className="container-page py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-forest-900 sm:text-4xl">Sklep</h1>
      <p className="mt-2 text-lg text-ink-muted" data-testid="shop-category">
        {category ? categoryLabel(category) : 'Wszystkie produkty'}
      </p>
      <nav aria-label="Kategorie" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            {/* exact: "all" must not stay active while a category is chosen; the router sets aria-current. */}
            <Link to="/shop" search={{}} className={pill} activeOptions={{ exact: true }}>
              Wszystkie
            </Link>
          </li>
          {CATEGORIES.map((item) => (
            <li key={item.id}>
              <Link
                to="/shop"
                search={{ category: item.id }}
                className={pill}
                activeOptions={{ exact: true }}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
