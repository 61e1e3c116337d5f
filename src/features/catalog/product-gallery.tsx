import { useRef, useState, type KeyboardEvent } from 'react';
import { productPhotos } from '../../domain/product-photo.ts';
import type { ProductRow } from '../../domain/product.ts';
import { Icon } from '../../lib/icons/first-load.tsx';
import { ProductImage } from '../../lib/product-image.tsx';

/**
 * The product page's pictures. Several photos: a carousel (WAI-ARIA
 * APG) built on a CSS scroll-snap strip, so a finger swipes it natively;
 * previous/next buttons, thumbnails and the arrow keys move it, and a live
 * region says which photo shows. One photo, or the illustration: just the
 * picture. The first picture is the page's largest (LCP): eager, high priority.
 */

/**
 * The picture's layout width (product-details.tsx: full width on phones, half
 * the max-w-6xl container from md; container-page's padding, the 3 rem gap).
 * A 390 px phone lays it out 358 px wide: at DPR 3 Chromium would take the
 * 1600 file, so phones are offered files up to 800 only (phoneLargest).
 */
export const GALLERY_IMAGE_SIZES =
  '(min-width: 1152px) 520px, (min-width: 768px) calc(50vw - 48px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)';

const FRAME_CLASS = 'overflow-hidden rounded-3xl border border-forest-100 bg-cream-200';
const IMAGE_CLASS = 'aspect-square w-full object-cover';
const ARROW_CLASS =
  'absolute top-1/2 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-forest-900 shadow-md hover:bg-white';

export function ProductGallery({ product }: { product: ProductRow }) {
  const photos = productPhotos(product);
  if (photos.length < 2) {
    return (
      <div className={FRAME_CLASS}>
        <ProductImage
          product={product}
          sizes={GALLERY_IMAGE_SIZES}
          phoneLargest={800}
          alt={product.name}
          highPriority
          className={IMAGE_CLASS}
        />
      </div>
    );
  }
  return <PhotoCarousel product={product} />;
}

function PhotoCarousel({ product }: { product: ProductRow }) {
  const photos = productPhotos(product);
  const count = photos.length;
  const [chosen, setChosen] = useState(0);
  // The catalog may refresh under the page with fewer photos.
  const current = Math.min(chosen, count - 1);
  const strip = useRef<HTMLDivElement>(null);
  // While the strip glides to a chosen photo, the photos it passes are not "current".
  const gliding = useRef<number | null>(null);

  function show(index: number) {
    const next = (index + count) % count;
    setChosen(next);
    const element = strip.current;
    if (!element) return;
    gliding.current = next;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollTo({ left: next * element.clientWidth, behavior: reduced ? 'auto' : 'smooth' });
  }

  function onScroll() {
    const element = strip.current;
    if (!element || element.clientWidth === 0) return;
    const at = Math.min(count - 1, Math.max(0, Math.round(element.scrollLeft / element.clientWidth)));
    if (gliding.current !== null) {
      if (at !== gliding.current) return;
      gliding.current = null;
    }
    setChosen(at);
  }

  function onKeyDown(event: KeyboardEvent) {
    const moves: Record<string, number> = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    show(target);
  }

  const position = (index: number) => `Zdjęcie ${index + 1} z ${count}`;

  return (
    <section aria-roledescription="karuzela" aria-label={`Zdjęcia: ${product.name}`} onKeyDown={onKeyDown} className="min-w-0">
      <div className={`relative ${FRAME_CLASS}`}>
        {/* Focusable, so the keyboard reaches the swipeable strip (its arrows are handled above). */}
        <div
          ref={strip}
          role="group"
          aria-label="Zdjęcia produktu"
          tabIndex={0}
          onScroll={onScroll}
          // A finger or a wheel takes over from a glide the buttons started.
          onPointerDown={() => (gliding.current = null)}
          onWheel={() => (gliding.current = null)}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] focus-visible:outline-offset-[-4px] [&::-webkit-scrollbar]:hidden"
          data-testid="gallery-strip"
        >
          {photos.map((photo, index) => (
            <div
              key={photo.id}
              role="group"
              aria-roledescription="slajd"
              aria-label={`${index + 1} z ${count}`}
              className="w-full shrink-0 snap-start snap-always"
            >
              <ProductImage
                product={product}
                photo={photo}
                sizes={GALLERY_IMAGE_SIZES}
                phoneLargest={800}
                alt={product.name}
                highPriority={index === 0}
                className={IMAGE_CLASS}
              />
            </div>
          ))}
        </div>
        <button type="button" className={`left-2 ${ARROW_CLASS}`} aria-label="Poprzednie zdjęcie" onClick={() => show(current - 1)}>
          <ChevronIcon direction="left" />
        </button>
        <button type="button" className={`right-2 ${ARROW_CLASS}`} aria-label="Następne zdjęcie" onClick={() => show(current + 1)}>
          <ChevronIcon direction="right" />
        </button>
      </div>
      <ul className="mt-3 flex flex-wrap gap-2" aria-label="Wybierz zdjęcie">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              aria-label={position(index)}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => show(index)}
              className="block overflow-hidden rounded-lg border-2 border-forest-100 bg-cream-200 aria-[current]:border-forest-800"
            >
              <ProductImage product={product} photo={photo} sizes="48px" className="size-12 object-cover" />
            </button>
          </li>
        ))}
      </ul>
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {position(current)}
      </p>
    </section>
  );
}

function ChevronIcon({ direction }: { direction: 'left' | 'right' }) {
  return (
    <Icon>
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </Icon>
  );
}
