/** localStorage key of the cookie consent (docs/spec.md §2: shown until it is 'accepted'). */
export const COOKIE_CONSENT_KEY = 'kwiaciarnia.cookieConsent';

/** sessionStorage key: the banner was closed with Escape, without consenting, for this visit. */
export const COOKIE_BANNER_DISMISSED_KEY = 'kwiaciarnia.cookieBannerDismissed';
