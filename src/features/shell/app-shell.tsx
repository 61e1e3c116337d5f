import { Suspense, type ReactNode } from 'react';
import { deferred } from '../../boot/deferred.tsx';
import { SiteHeader } from './site-header.tsx';

// Neither is needed to show a page or to use its first screen. The banner waits for the page's content.
// The footer is below the fold (the main area is at least a screen tall): its code comes when the visitor scrolls
// near it, and a server-rendered page keeps its footer HTML, links working, until then.
const CookieBannerSlot = deferred(() => import('./cookie-banner-slot.tsx').then((module) => module.CookieBannerSlot), 'first-content');
const SITE_FOOTER_ID = 'site-footer';
const SiteFooter = deferred(() => import('./site-footer.tsx').then((module) => module.SiteFooter), 'near-viewport', {
  near: `#${SITE_FOOTER_ID}`,
});

export interface AppShellProps {
  children: ReactNode;
  cartSlot?: ReactNode;
  accountSlot?: ReactNode;
  /** Notices under the sticky header (offline) and app-level toasts (update). */
  noticeSlot?: ReactNode;
  /** An extra strip at the foot of the footer (install the app): it loads with the footer. */
  footerSlot?: ReactNode;
}

export function AppShell({ children, cartSlot, accountSlot, noticeSlot, footerSlot }: AppShellProps) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-forest-900 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Przejdź do treści
      </a>
      {/* Fixed at the bottom, but early in the tab order: a keyboard user meets it before the page behind it (WCAG 2.4.11). */}
      <Suspense fallback={null}>
        <CookieBannerSlot placement="fixed" />
      </Suspense>
      <SiteHeader cartSlot={cartSlot} accountSlot={accountSlot} />
      {noticeSlot}
      {/* At least a screen tall: the footer never starts in view and then jumps when a page's content arrives. */}
      <main id="main" className="min-h-svh flex-1">
        {children}
      </main>
      {/* On the cart and the checkout the banner is a notice at the end of the page: it covers no part of the order. */}
      <Suspense fallback={null}>
        <CookieBannerSlot placement="end-of-page" />
      </Suspense>
      <Suspense fallback={null}>
        <SiteFooter id={SITE_FOOTER_ID} extraSlot={footerSlot} />
      </Suspense>
    </div>
  );
}
