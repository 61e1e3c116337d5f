import { describe, expect, it, vi } from 'vitest';
import { dropAuthFragment } from './recovery-landing.ts';

function at(pathname: string, hash: string, search = '') {
  return {
    location: { pathname, search, hash, replace: vi.fn<(url: string) => void>() },
    history: { state: { key: 'k' }, replaceState: vi.fn<(data: unknown, unused: string, url?: string | URL | null) => void>() },
  };
}

describe('dropAuthFragment', () => {
  it('never keeps tokens from a fragment: a recovery link elsewhere goes to the reset page, which says it is invalid', () => {
    const { location, history } = at('/shop', '#access_token=a&refresh_token=r&type=recovery&expires_in=3600');
    expect(dropAuthFragment(location, history)).toBe(true);
    expect(location.replace).toHaveBeenCalledWith('/reset-password?link=invalid');
    expect(history.replaceState).not.toHaveBeenCalled();
  });

  it('on the reset page itself drops the fragment in place and marks the link invalid', () => {
    const { location, history } = at('/reset-password', '#access_token=a&refresh_token=r&type=recovery');
    expect(dropAuthFragment(location, history)).toBe(true);
    expect(history.replaceState).toHaveBeenCalledWith({ key: 'k' }, '', '/reset-password?link=invalid');
    expect(location.replace).not.toHaveBeenCalled();
  });

  it("drops other tokens and a PKCE error's fragment, keeping the query the page reads", () => {
    const signIn = at('/', '#access_token=a&refresh_token=r&type=signup');
    expect(dropAuthFragment(signIn.location, signIn.history)).toBe(true);
    expect(signIn.history.replaceState).toHaveBeenCalledWith({ key: 'k' }, '', '/');

    const error = at('/reset-password', '#error=access_denied&error_code=otp_expired&sb=', '?error=access_denied&error_code=otp_expired');
    expect(dropAuthFragment(error.location, error.history)).toBe(true);
    expect(error.history.replaceState).toHaveBeenCalledWith({ key: 'k' }, '', '/reset-password?error=access_denied&error_code=otp_expired');
  });

  it('leaves page anchors and look-alike fragments alone', () => {
    for (const hash of ['#produkty', '#link-zamowienia', '#typed=recovery', '']) {
      const { location, history } = at('/account', hash);
      expect(dropAuthFragment(location, history)).toBe(false);
      expect(location.replace).not.toHaveBeenCalled();
      expect(history.replaceState).not.toHaveBeenCalled();
    }
  });
});
