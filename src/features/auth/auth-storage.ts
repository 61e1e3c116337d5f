/**
 * supabase-js keeps the session under `sb-<ref>-auth-token`. With no such key
 * there is no session to restore, so a visitor who never logged in on this
 * device needs none of the auth code (or supabase-js) to see a page.
 */
export function hasStoredSession(): boolean {
  try {
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (key && /^sb-.+-auth-token$/.test(key)) return true;
    }
    return false;
  } catch {
    // Storage blocked (or no window, on the server): let supabase-js decide.
    return true;
  }
}
