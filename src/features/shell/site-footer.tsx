import { Suspense, type ReactNode } from 'react';
import { lazyAfterFirstContent } from '../../lib/lazy-after-first-content.ts';
import { useShopName } from './shop-name.ts';

// Below the fold on every page (the main area is at least a screen tall): its columns load after the first content.
const FooterDetails = lazyAfterFirstContent(() => import('./footer-details.tsx').then((module) => module.FooterDetails));

export function SiteFooter({ extraSlot }: { extraSlot?: ReactNode } = {}) {
  const shopName = useShopName();

  return (
    <footer className="on-dark mt-auto bg-forest-900 text-forest-100">
      {/* The columns' height with the seeded settings (one, two or four of them side by side), kept while they load. */}
      <Suspense fallback={<div className="h-232 sm:h-160 lg:h-112" />}>
        <FooterDetails />
      </Suspense>
      {extraSlot}
      <div className="border-t border-forest-800">
        <p className="container-page py-5 text-sm text-forest-200">
          © {new Date().getFullYear()} {shopName}
        </p>
      </div>
    </footer>
  );
}
