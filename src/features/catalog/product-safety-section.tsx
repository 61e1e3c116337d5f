import { PRODUCT_SAFETY_HEADING, productSafetyInfo } from '../../domain/product-safety.ts';
import type { ProductRow } from '../../domain/product.ts';

/**
 * 'Informacje o bezpieczeństwie produktu' (GPSR): the manufacturer,
 * their address and contact, and the warnings, for products other than live
 * flowers. Nothing is shown when the owner has given none.
 */
export function ProductSafetySection({ product }: { product: ProductRow }) {
  const details = productSafetyInfo(product);
  if (details.length === 0) return null;
  return (
    <section
      aria-labelledby="product-safety-heading"
      className="mt-10 max-w-3xl border-t border-forest-100 pt-8"
      data-testid="product-safety"
    >
      <h2 id="product-safety-heading" className="text-xl font-semibold text-forest-900">
        {PRODUCT_SAFETY_HEADING}
      </h2>
      <dl className="mt-4 grid gap-x-6 gap-y-4 text-ink sm:grid-cols-[14rem_minmax(0,1fr)] sm:gap-y-3">
        {details.map(({ field, label, value }) => (
          // One block per detail on a phone; on wider screens label and value take the grid's two columns.
          <div key={field} className="space-y-0.5 sm:contents">
            <dt className="font-medium text-forest-900">{label}</dt>
            <dd className="whitespace-pre-line text-ink-muted">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
