/**
 * The headers that carry the shop's public API key, in either of Supabase's
 * key styles — the one rule every hand-built request follows (supabase-js
 * applies the same rule itself):
 *
 * - `apikey: <key>` always;
 * - `Authorization: Bearer <key>` only when the key is a JWT (the legacy
 *   anon key). A `sb_publishable_…` key is not a JWT and is never sent as a
 *   Bearer: the API gateway refuses it there;
 * - a signed-in user's access token, when given, is the Bearer instead.
 */
export function apiKeyHeaders(key: string, accessToken?: string | null): Record<string, string> {
  const headers: Record<string, string> = {};
  if (key) headers.apikey = key;
  const bearer = accessToken || (isJwt(key) ? key : '');
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  return headers;
}

/** Three base64url parts: a legacy anon/service key or a user token; `sb_…` keys are not. */
export function isJwt(value: string): boolean {
  return /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(value);
}
