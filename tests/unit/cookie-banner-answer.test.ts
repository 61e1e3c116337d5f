import { describe, expect, it } from 'vitest';
import { bannerAnsweredIn, bannerCookie } from '../../src/features/shell/cookie-consent.ts';

describe("the cookie banner's answer as a cookie", () => {
  it('is read from a Cookie header among other cookies, and only for the two answers the banner gives', () => {
    expect(bannerAnsweredIn('kwiaciarnia-cookies=accepted')).toBe(true);
    expect(bannerAnsweredIn('sb=1; kwiaciarnia-cookies=dismissed; inne=2')).toBe(true);
    expect(bannerAnsweredIn(undefined)).toBe(false);
    expect(bannerAnsweredIn('')).toBe(false);
    expect(bannerAnsweredIn('kwiaciarnia-cookies=')).toBe(false);
    expect(bannerAnsweredIn('kwiaciarnia-cookies=tak')).toBe(false);
    expect(bannerAnsweredIn('inne-kwiaciarnia-cookies=accepted')).toBe(false);
  });

  it('keeps a consent for a year and a dismissal for the browser session, Secure on https', () => {
    expect(bannerCookie('accepted', true)).toBe('kwiaciarnia-cookies=accepted; Path=/; SameSite=Lax; Max-Age=31536000; Secure');
    expect(bannerCookie('dismissed', false)).toBe('kwiaciarnia-cookies=dismissed; Path=/; SameSite=Lax');
  });
});
