/** Where a password reset link lands (the redirect allow-list in supabase/config.toml names it). */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * Hosted GoTrue sends a recovery link to the Site URL instead of
 * redirect_to when the address is not on the project's redirect allow-list
 * (a misconfigured or newly added domain). The link's fragment still holds
 * the recovery session, so it is finished on the reset page rather than
 * silently signing the customer in on the home page. True when it navigated.
 */
export function forwardStrayRecoveryLink(location: Pick<Location, 'pathname' | 'hash' | 'replace'>): boolean {
  if (location.pathname === RESET_PASSWORD_PATH || !/(?:^#|&)type=recovery(?:&|$)/.test(location.hash)) return false;
  location.replace(RESET_PASSWORD_PATH + location.hash);
  return true;
}
