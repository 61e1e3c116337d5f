/** Where a password reset link lands (the redirect allow-list in supabase/config.toml names it). */
export const RESET_PASSWORD_PATH = '/reset-password';
/** The reset page's note that a link was refused before the app started. */
export const INVALID_LINK_SEARCH = '?link=invalid';

const AUTH_FRAGMENT = /(?:^#|&)(?:access_token|refresh_token|provider_token|error|error_code|error_description|type)=/;

/**
 * Tokens in a URL fragment are never taken: the app's links use PKCE, so a
 * fragment with a session can only be someone else's (a link made from an
 * attacker's own tokens would sign the visitor in as the attacker). Before
 * anything reads it, the fragment is dropped from the address; one that
 * claims to be a password reset sends the visitor to the reset page, which
 * says the link is not valid. True when it changed the address.
 */
export function dropAuthFragment(
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'replace'>,
  history: Pick<History, 'replaceState' | 'state'>,
): boolean {
  if (!AUTH_FRAGMENT.test(location.hash)) return false;
  const recovery = new URLSearchParams(location.hash.slice(1)).get('type') === 'recovery';
  if (recovery && location.pathname !== RESET_PASSWORD_PATH) {
    // Another page's markup is already here (server-rendered): load the reset page instead.
    location.replace(RESET_PASSWORD_PATH + INVALID_LINK_SEARCH);
    return true;
  }
  const search = recovery && !location.search ? INVALID_LINK_SEARCH : location.search;
  history.replaceState(history.state, '', location.pathname + search);
  return true;
}
