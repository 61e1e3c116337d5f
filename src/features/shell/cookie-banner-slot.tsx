import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { bannerAnsweredAtFirstRender } from './cookie-banner-request.ts';
import { rememberBannerChoice } from './cookie-choice.ts';
import { COOKIE_BANNER_DISMISSED_KEY, COOKIE_CONSENT_KEY, type BannerChoice } from './cookie-consent.ts';

/**
 * Where the banner stands: a strip fixed at the bottom, or, on the cart and
 * the checkout, a notice at the end of the page (docs/decisions/029-cookie-notice-on-money-pages.md).
 */
export type BannerPlacement = 'fixed' | 'end-of-page';

const END_OF_PAGE_PATHS = /^\/(?:cart|checkout)\/?$/;

export function bannerPlacementFor(pathname: string): BannerPlacement {
  return END_OF_PAGE_PATHS.test(pathname) ? 'end-of-page' : 'fixed';
}

// Answered in this page (either placement's banner): both slots hear it. Never set on the server.
let answeredHere = false;
const listeners = new Set<() => void>();
function markAnswered(): void {
  answeredHere = true;
  listeners.forEach((listener) => listener());
}
/** Tests render many pages in one document: each starts unanswered. */
export function resetBannerAnswerForTests(): void {
  answeredHere = false;
}
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const CookieBanner = lazy(() => import('./cookie-banner.tsx').then((module) => ({ default: module.CookieBanner })));

/** Accepted once, or closed with Escape earlier in this visit, as kept before the choice went into a cookie too. */
function answeredInStorage(): BannerChoice | null {
  try {
    if (window.localStorage.getItem(COOKIE_CONSENT_KEY) === 'accepted') return 'accepted';
    if (window.sessionStorage.getItem(COOKIE_BANNER_DISMISSED_KEY) === 'yes') return 'dismissed';
  } catch {
    // Storage blocked: the cookie alone decides.
  }
  return null;
}

/**
 * Shows the banner until the visitor answers it. The answer travels as a
 * cookie, so a server-rendered page already holds the banner in its first
 * paint (or leaves it out), and the browser's first render agrees with it.
 * The banner's own code loads only when it shows: visitors who accepted
 * never download it. It is fixed at the bottom: it shifts nothing in view
 * and reserves its height at the page's foot (see cookie-banner.tsx).
 */
export function CookieBannerSlot({ placement }: { placement: BannerPlacement }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const answered = useSyncExternalStore(
    subscribe,
    () => answeredHere,
    () => false,
  );
  const needed = !answered && !bannerAnsweredAtFirstRender();

  useEffect(() => {
    // An answer kept only in storage (given before the cookie existed): the cookie now carries it, and the banner goes.
    const stored = needed ? answeredInStorage() : null;
    if (!stored) return;
    rememberBannerChoice(stored);
    markAnswered();
  }, [needed]);

  if (!needed || bannerPlacementFor(pathname) !== placement) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner onClosed={markAnswered} placement={placement} />
    </Suspense>
  );
}
