import { Suspense, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { lazyAfterFirstContent } from '../../lib/lazy-after-first-content.ts';
import { useShopName } from './shop-name.ts';

// Below the fold on every page (the main area is at least a screen tall): its columns load after the first content.
const FooterDetails = lazyAfterFirstContent(() => import('./footer-details.tsx').then((module) => module.FooterDetails));

export function SiteFooter({ extraSlot }: { extraSlot?: ReactNode }) {
  const shopName = useShopName();

  return (
    // Below the fold on every page: not styled, laid out or painted until it nears the viewport (issue 22). The
    // placeholder heights are its heights at phone, tablet and desktop widths; `auto` keeps the real one once shown.
    <footer className="on-dark mt-auto bg-forest-900 text-forest-100 [content-visibility:auto] [contain-intrinsic-size:auto_63rem] sm:[contain-intrinsic-size:auto_45rem] lg:[contain-intrinsic-size:auto_33rem]">
      {/* The columns' height with the seeded settings (one, two or four of them side by side), kept while they load. */}
      <Suspense fallback={<div className="h-232 sm:h-160 lg:h-112" />}>
        <FooterDetails />
      </Suspense>
      {extraSlot}
      <div className="border-t border-forest-800">
        <div className="container-page flex flex-wrap items-center justify-between gap-x-6 gap-y-2 py-5 text-sm text-forest-200">
          <p>
            © {new Date().getFullYear()} {shopName}
          </p>
          {/* Directive (EU) 2023/2673: the withdrawal function is reachable from every page. */}
          <Link to="/odstapienie" className="inline-flex min-h-11 items-center font-medium text-forest-50 underline underline-offset-4">
            Odstąp od umowy
          </Link>
        </div>
      </div>
    </footer>
  );
}
