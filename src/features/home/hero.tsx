import { Link } from '@tanstack/react-router';
import { ArrowRightIcon } from '../../lib/icons/first-load.tsx';

export function Hero() {
  return (
    // Pulled up under the transparent header so the header visibly turns solid on scroll.
    <section className="-mt-16 overflow-hidden bg-linear-to-b from-blush-50 via-blush-50 to-cream pt-16">
      <div className="container-page grid items-center gap-8 py-10 sm:py-14 md:grid-cols-[1.3fr_1fr] lg:py-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-blush-700 uppercase">Od ponad 15 lat w Twojej okolicy</p>
          <h1 className="mt-3 text-4xl leading-tight font-bold tracking-tight text-balance text-forest-900 sm:text-5xl">
            Kwiaty, które powiedzą więcej niż słowa
          </h1>
          <p className="mt-5 max-w-xl text-lg text-pretty text-ink-muted">
            Świeże bukiety, kompozycje, znicze i upominki. Przygotujemy je z sercem i dostarczymy tam, gdzie trzeba.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/shop" className="btn-primary">
              Przejdź do sklepu
              <ArrowRightIcon className="size-5" />
            </Link>
            <Link to="/about" className="btn-secondary">
              Poznaj nas
            </Link>
          </div>
        </div>
        {/* Hidden on phones so the categories start within the first screen; lazy, so phones never download it. */}
        <img
          src="/illustrations/bouquet.svg"
          alt=""
          width={240}
          height={280}
          loading="lazy"
          decoding="async"
          className="mx-auto hidden w-full max-w-xs sm:block md:max-w-sm"
        />
      </div>
    </section>
  );
}
