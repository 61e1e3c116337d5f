import { bannerCookie, type BannerChoice } from './cookie-consent.ts';

/** Keeps the visitor's answer where the server sees it too (the cookie); storage keeps it as before. */
export function rememberBannerChoice(choice: BannerChoice): void {
  document.cookie = bannerCookie(choice, window.location.protocol === 'https:');
}
