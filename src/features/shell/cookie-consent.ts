/** localStorage key of the cookie consent (docs/spec.md §2: shown until it is 'accepted'). */
export const COOKIE_CONSENT_KEY = 'kwiaciarnia.cookieConsent';
