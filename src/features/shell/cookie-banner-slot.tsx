import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { bannerAnsweredAtFirstRender } from './cookie-banner-request.ts';
import { rememberBannerChoice } from './cookie-choice.ts';
import { COOKIE_BANNER_DISMISSED_KEY, COOKIE_CONSENT_KEY, type BannerChoice } from './cookie-consent.ts';

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
export function CookieBannerSlot() {
  const [needed, setNeeded] = useState(() => !bannerAnsweredAtFirstRender());

  useEffect(() => {
    // An answer kept only in storage (given before the cookie existed): the cookie now carries it, and the banner goes.
    const stored = needed ? answeredInStorage() : null;
    if (!stored) return;
    rememberBannerChoice(stored);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setNeeded(false);
  }, [needed]);
  const close = useCallback(() => setNeeded(false), []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner onClosed={close} />
    </Suspense>
  );
}
