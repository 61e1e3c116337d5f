/** Where a password reset link lands (the redirect allow-list in supabase/config.toml names it). */
export const RESET_PASSWORD_PATH = '/reset-password';
/** The reset page's note that a link was refused before the app started. */
export const INVALID_LINK_SEARCH = '?link=invalid';

/**
 * Tokens in a URL fragment are never taken: the app's links use PKCE, so a
 * fragment with a session can only be someone else's (a link made from an
 * attacker's own tokens would sign the visitor in as the attacker). Before
 * anything reads it, the fragment is dropped from the address (with it a
 * provider token or an error's code and description); one that claims to be
 * a password reset sends the visitor to the reset page, which says the link
 * is not valid. True when it changed the address.
 */
export function dropAuthFragment(
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'replace'>,
  history: Pick<History, 'replaceState' | 'state'>,
): boolean {
  if (!/[#&](access_token|refresh_token|error|type)=/.test(location.hash)) return false;
  const recovery = /[#&]type=recovery/.test(location.hash);
  // Another page's markup is already here (server-rendered): load the reset page instead.
  if (recovery && location.pathname !== RESET_PASSWORD_PATH) location.replace(RESET_PASSWORD_PATH + INVALID_LINK_SEARCH);
  else history.replaceState(history.state, '', location.pathname + (recovery ? INVALID_LINK_SEARCH : location.search));
  return true;
}
