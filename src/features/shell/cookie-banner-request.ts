import { bannerAnsweredIn } from './cookie-consent.ts';

let answeredOnServer = false;

/** Server only, right before a page is rendered: the request's Cookie header. */
export function setRequestCookies(header: string | undefined): void {
  answeredOnServer = bannerAnsweredIn(header);
}

/**
 * Whether the banner is part of the page's first render: on the server, from
 * the request's cookies; in the browser, from the same cookies, so hydration
 * finds what the server drew.
 */
export function bannerAnsweredAtFirstRender(): boolean {
  if (typeof document === 'undefined') return answeredOnServer;
  return bannerAnsweredIn(document.cookie);
}
