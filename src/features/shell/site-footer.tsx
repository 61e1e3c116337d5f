import { lazy, Suspense, type ReactNode } from 'react';
import { useShopName } from './shop-name.ts';
import { useAfterFirstContent } from './use-after-first-content.ts';

// Below the fold on every page (the main area is at least a screen tall): its columns load after the first content.
const FooterDetails = lazy(() => import('./footer-details.tsx').then((module) => ({ default: module.FooterDetails })));

/** The columns' height with the seeded settings (one, two or four of them side by side), kept while they load. */
const detailsPlaceholder = <div className="h-232 sm:h-160 lg:h-112" />;

export function SiteFooter({ extraSlot }: { extraSlot?: ReactNode } = {}) {
  const shopName = useShopName();
  const showDetails = useAfterFirstContent();

  return (
    <footer className="on-dark mt-auto bg-forest-900 text-forest-100">
      {showDetails ? <Suspense fallback={detailsPlaceholder}><FooterDetails /></Suspense> : detailsPlaceholder}
      {extraSlot}
      <div className="border-t border-forest-800">
        <p className="container-page py-5 text-sm text-forest-200">
          © {new Date().getFullYear()} {shopName}
        </p>
      </div>
    </footer>
  );
}
