import { lazy, Suspense, useEffect, useState } from 'react';
import { COOKIE_CONSENT_KEY } from './cookie-consent.ts';

const CookieBanner = lazy(() => import('./cookie-banner.tsx').then((module) => ({ default: module.CookieBanner })));

function consentStored(): boolean {
  try {
    return window.localStorage.getItem(COOKIE_CONSENT_KEY) === 'accepted';
  } catch {
    return false;
  }
}

/**
 * Checks the stored consent after mount and only then loads the banner, so
 * visitors who accepted never download it and the first load stays small.
 * The banner is a fixed overlay: appearing late shifts nothing.
 */
export function CookieBannerSlot() {
  const [needed, setNeeded] = useState(false);

  useEffect(() => {
    // Browser storage exists only after mount; the first paint is the same for everyone.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setNeeded(!consentStored());
  }, []);

  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <CookieBanner onAccepted={() => setNeeded(false)} />
    </Suspense>
  );
}
