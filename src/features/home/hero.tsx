import { Link } from '@tanstack/react-router';
import { heroPicture } from '../../domain/hero-photo.ts';
import type { ProductRow } from '../../domain/product.ts';
import type { ProductPhoto } from '../../domain/product-photo.ts';
import { ArrowRightIcon } from '../../lib/icons/first-load.tsx';
import { ProductImage } from '../../lib/product-image.tsx';

/** The photo's layout width: the hero's second column from md, the page's width (less its padding) on a phone. */
const PHOTO_SIZES = '(min-width: 1152px) 460px, (min-width: 768px) 40vw, calc(100vw - 32px)';

export interface HeroProps {
  /** The photo the owner uploaded for the hero in the settings; it comes first. */
  ownPhoto?: ProductPhoto | null;
  /** The featured product whose photo the hero shows otherwise; neither: the illustration (not on phones). */
  photoProduct: ProductRow | undefined;
}

export function Hero({ ownPhoto, photoProduct }: HeroProps) {
  return (
    // Pulled up under the transparent header so the header visibly turns solid on scroll.
    <section className="-mt-16 overflow-hidden bg-linear-to-b from-blush-50 via-blush-50 to-cream pt-16">
      <div className="container-page grid items-center gap-6 py-8 sm:gap-8 sm:py-14 md:grid-cols-[1.3fr_1fr] lg:py-16">
        <div>
          <p className="text-sm font-semibold tracking-wide text-blush-700 uppercase">Od ponad 15 lat w Twojej okolicy</p>
          <h1 className="mt-3 text-4xl leading-tight font-bold tracking-tight text-balance text-forest-900 sm:text-5xl">
            Kwiaty, które powiedzą więcej niż słowa
          </h1>
          <p className="mt-4 max-w-xl text-lg text-pretty text-ink-muted sm:mt-5">
            Świeże bukiety, kompozycje, znicze i upominki. Przygotujemy je z sercem i dostarczymy tam, gdzie trzeba.
          </p>
          <div className="mt-6 flex flex-wrap gap-3 sm:mt-8">
            <Link to="/shop" className="btn-primary">
              Przejdź do sklepu
              <ArrowRightIcon className="size-5" />
            </Link>
            <Link to="/about" className="btn-secondary">
              Poznaj nas
            </Link>
          </div>
        </div>
        {ownPhoto ? (
          <OwnHeroPhoto photo={ownPhoto} />
        ) : photoProduct ? (
          <HeroPhoto product={photoProduct} />
        ) : (
          // Hidden on phones so the categories start within the first screen; lazy, so phones never download it.
          <img
            src="/illustrations/bouquet.svg"
            alt=""
            width={240}
            height={280}
            loading="lazy"
            decoding="async"
            className="mx-auto hidden w-full max-w-xs sm:block md:max-w-sm"
          />
        )}
      </div>
    </section>
  );
}

/**
 * The page's largest picture, so its LCP: fetched first (fetchpriority high),
 * at most the 800 px file on a phone, and its box fixed by the aspect ratio
 * before the file arrives, so nothing below it moves.
 */
function HeroPhoto({ product }: { product: ProductRow }) {
  return (
    <Link
      to="/product/$id"
      params={{ id: product.id }}
      data-testid="hero-photo"
      className="relative block overflow-hidden rounded-3xl bg-cream-200 shadow-sm"
    >
      <ProductImage
        product={product}
        sizes={PHOTO_SIZES}
        highPriority
        phoneLargest={800}
        className="aspect-[4/3] w-full object-cover md:aspect-square"
      />
      <span className="absolute bottom-3 left-3 max-w-[calc(100%-1.5rem)] rounded-full bg-cream/95 px-4 py-1.5 text-sm font-semibold text-forest-900 shadow-sm">
        {product.name}
      </span>
    </Link>
  );
}

/** The owner's own photo, drawn as the featured product's is (the same files, priority and box), with nothing to name. */
function OwnHeroPhoto({ photo }: { photo: ProductPhoto }) {
  return (
    <div data-testid="hero-photo" data-own-photo="" className="overflow-hidden rounded-3xl bg-cream-200 shadow-sm">
      <ProductImage
        product={heroPicture(photo)}
        sizes={PHOTO_SIZES}
        highPriority
        phoneLargest={800}
        className="aspect-[4/3] w-full object-cover md:aspect-square"
      />
    </div>
  );
}
