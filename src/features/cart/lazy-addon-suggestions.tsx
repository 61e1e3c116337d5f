import { lazy, Suspense } from 'react';

const AddonSuggestions = lazy(() => import('./addon-suggestions.tsx').then((module) => ({ default: module.AddonSuggestions })));

/**
 * 'Może jeszcze…' loaded apart from the cart's and the checkout's code: the pages come to life without it, and
 * nothing moves for it but the space below the lines.
 */
export function LazyAddonSuggestions({ productIds }: { productIds: readonly string[] }) {
  return (
    <Suspense fallback={null}>
      <AddonSuggestions productIds={productIds} />
    </Suspense>
  );
}
