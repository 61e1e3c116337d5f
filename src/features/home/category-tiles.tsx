import type { ComponentType, SVGProps } from 'react';
import { Link } from '@tanstack/react-router';
import { CATEGORIES, type CategoryId } from '../../domain/categories.ts';
import { ArrowRightIcon } from '../../lib/icons/first-load.tsx';
import { CandleIcon, FlowerIcon, GiftIcon, HeartIcon, TulipIcon } from '../../lib/icons/later.tsx';

const CATEGORY_ICONS: Record<CategoryId, ComponentType<SVGProps<SVGSVGElement>>> = {
  'live-flowers': FlowerIcon,
  'artificial-flowers': TulipIcon,
  candles: CandleIcon,
  souvenirs: HeartIcon,
  'seasonal-gifts': GiftIcon,
};

export function CategoryTiles() {
  return (
    <section aria-labelledby="categories-heading" className="container-page pt-12 pb-14 sm:pt-14 sm:pb-20">
      <h2 id="categories-heading" className="text-2xl font-semibold text-forest-900 sm:text-3xl">
        Wybierz kategorię
      </h2>
      <p className="mt-2 max-w-2xl text-ink-muted">Znajdź to, czego szukasz — od bukietów po znicze i drobne upominki.</p>
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {CATEGORIES.map((category, index) => {
          const CategoryIcon = CATEGORY_ICONS[category.id];
          return (
            <li key={category.id} className={index === CATEGORIES.length - 1 ? 'col-span-2 lg:col-span-1' : undefined}>
              <Link
                to="/shop"
                search={{ category: category.id }}
                data-testid="category-tile"
                className="group flex h-full min-h-36 flex-col justify-between gap-4 rounded-2xl border border-forest-100 bg-white p-4 shadow-sm transition hover:-translate-y-0.5 hover:border-blush-300 hover:shadow-md sm:p-5"
              >
                <span className="flex items-start justify-between">
                  <span className="grid size-12 place-items-center rounded-full bg-blush-100 text-forest-800 transition-colors group-hover:bg-blush-200">
                    <CategoryIcon className="size-7" />
                  </span>
                  <ArrowRightIcon className="size-5 text-forest-700 transition-transform group-hover:translate-x-0.5" />
                </span>
                <span className="text-base leading-snug font-semibold hyphens-auto text-forest-900 sm:text-lg">{category.label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
