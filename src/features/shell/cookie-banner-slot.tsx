import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { COOKIE_BANNER_DISMISSED_KEY, COOKIE_CONSENT_KEY } from './cookie-consent.ts';

const CookieBanner = lazy(() => import('./cookie-banner.tsx').then((module) => ({ default: module.CookieBanner })));

/** Accepted once, or closed with Escape earlier in this visit. */
function bannerSettled(): boolean {
  try {
    return (
      window.localStorage.getItem(COOKIE_CONSENT_KEY) === 'accepted' || window.sessionStorage.getItem(COOKIE_BANNER_DISMISSED_KEY) === 'yes'
    );
  } catch {
    return false;
  }
}

/**
 * Checks the stored consent after mount and only then loads the banner, so
 * visitors who accepted never download it and the first load stays small.
 * The banner is fixed at the bottom: appearing late shifts nothing in view;
 * it reserves its height at the page's foot (see cookie-banner.tsx).
 */
export function CookieBannerSlot() {
  const [needed, setNeeded] = useState(false);

  useEffect(() => {
    // Browser storage exists only after mount; the first paint is the same for everyone. (This slot's own code comes
    // after the page's first content: app-shell.tsx.)
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setNeeded(!bannerSettled());
  }, []);
  const close = useCallback(() => setNeeded(false), []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner onClosed={close} />
    </Suspense>
  );
}
