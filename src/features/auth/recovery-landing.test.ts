import { describe, expect, it, vi } from 'vitest';
import { forwardStrayRecoveryLink } from './recovery-landing.ts';

const at = (pathname: string, hash: string) => ({ pathname, hash, replace: vi.fn<(url: string) => void>() });

describe('forwardStrayRecoveryLink', () => {
  it('moves a recovery link that landed on the Site URL to the reset page, fragment and all', () => {
    const location = at('/', '#access_token=a&refresh_token=r&type=recovery&expires_in=3600');
    expect(forwardStrayRecoveryLink(location)).toBe(true);
    expect(location.replace).toHaveBeenCalledWith('/reset-password#access_token=a&refresh_token=r&type=recovery&expires_in=3600');
  });

  it('leaves the reset page itself, other fragments and look-alike types alone', () => {
    for (const location of [
      at('/reset-password', '#access_token=a&type=recovery'),
      at('/', '#produkty'),
      at('/shop', '#type=recoveryx'),
      at('/', '#access_token=a&type=signup'),
    ]) {
      expect(forwardStrayRecoveryLink(location)).toBe(false);
      expect(location.replace).not.toHaveBeenCalled();
    }
  });
});
