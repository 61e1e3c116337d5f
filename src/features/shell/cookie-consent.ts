/** localStorage key of the cookie consent (docs/spec.md §2: shown until it is 'accepted'). */
export const COOKIE_CONSENT_KEY = 'kwiaciarnia.cookieConsent';

/** sessionStorage key: the banner was closed with Escape, without consenting, for this visit. */
export const COOKIE_BANNER_DISMISSED_KEY = 'kwiaciarnia.cookieBannerDismissed';

/**
 * The same choice as a cookie, which the browser sends with a page's request:
 * the server then renders the banner into the page's first paint, or leaves
 * it out, exactly as the browser will (docs/decisions/028-server-rendered-money-pages.md).
 * 'accepted' for a year, 'dismissed' (Escape) for this browser session.
 */
export const COOKIE_BANNER_COOKIE = 'kwiaciarnia-cookies';

export type BannerChoice = 'accepted' | 'dismissed';

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** Whether a Cookie header (or `document.cookie`) already says the visitor answered the banner. */
export function bannerAnsweredIn(cookies: string | undefined): boolean {
  if (!cookies) return false;
  return cookies.split(';').some((pair) => {
    const [name, value] = pair.trim().split('=');
    return name === COOKIE_BANNER_COOKIE && (value === 'accepted' || value === 'dismissed');
  });
}

/** The `document.cookie` assignment that remembers `choice`. */
export function bannerCookie(choice: BannerChoice, secure: boolean): string {
  const lifetime = choice === 'accepted' ? `; Max-Age=${ONE_YEAR_S}` : '';
  return `${COOKIE_BANNER_COOKIE}=${choice}; Path=/; SameSite=Lax${lifetime}${secure ? '; Secure' : ''}`;
}
