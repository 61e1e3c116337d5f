import { Link } from '@tanstack/react-router';
import { ArrowRightIcon } from '../../lib/icons/first-load.tsx';

export function ClosingCta() {
  return (
    <section aria-labelledby="closing-cta-heading" className="container-page py-14 sm:py-20">
      <div className="on-dark rounded-3xl bg-forest-800 px-6 py-10 text-center sm:px-12 sm:py-14">
        <h2 id="closing-cta-heading" className="text-2xl font-semibold text-balance text-white sm:text-3xl">
          Szukasz kwiatów na wyjątkową okazję?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-pretty text-forest-100">
          Zajrzyj do sklepu albo napisz do nas. Doradzimy i przygotujemy zamówienie na czas.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/shop" className="btn-primary">
            Zobacz ofertę
            <ArrowRightIcon className="size-5" />
          </Link>
          <Link
            to="/contact"
            className="inline-flex min-h-12 items-center justify-center rounded-full border-2 border-blush-200 px-6 py-3 font-semibold text-blush-100 transition-colors hover:bg-forest-700"
          >
            Skontaktuj się z nami
          </Link>
        </div>
      </div>
    </section>
  );
}
