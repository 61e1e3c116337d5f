import { Link } from '@tanstack/react-router';
import { PageHeading } from '../../lib/page-heading.tsx';
import type { PaymentReturnSearch } from './return-search.ts';

/** docs/spec.md §2 cancel page. The cart is kept, so the customer can try to pay again from the checkout. */
export function CancelPage({ search }: { search: PaymentReturnSearch }) {
  return (
    <section className="container-page max-w-3xl py-10 sm:py-14">
      <PageHeading>Płatność anulowana</PageHeading>
      <p className="mt-4 text-lg text-ink">
        {search.orderId ? (
          <>
            Zamówienie <strong className="font-mono">{search.orderId}</strong> czeka na płatność.
          </>
        ) : (
          'Płatność nie została zakończona.'
        )}{' '}
        Produkty są nadal w koszyku – możesz spróbować zapłacić ponownie albo skontaktować się z nami.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/cart" className="btn-primary">
          Wróć do koszyka
        </Link>
        <Link to="/contact" className="btn-secondary">
          Skontaktuj się z nami
        </Link>
      </div>
    </section>
  );
}
