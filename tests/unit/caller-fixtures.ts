import { createCallerAuth, type Authenticate, type CallerKeys } from '../../functions/_shared/caller-auth.ts';

/** The project's keys in the handler tests: one of each style, as hosted Supabase would list them. */
export const ANON_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmVkLWJ5LXRoZS1wcm9qZWN0';
export const PUBLISHABLE_KEY = 'sb_publishable_test_key_0123456789';
export const SECRET_KEY = 'sb_secret_test_key_0123456789';
export const TEST_CALLER_KEYS: CallerKeys = { publicKeys: [ANON_JWT, PUBLISHABLE_KEY], secretKeys: [SECRET_KEY] };

/** What the shop's pages send without a session (supabase-js with a publishable key). */
export const GUEST_HEADERS: Record<string, string> = { apikey: PUBLISHABLE_KEY };

/**
 * The real caller check with a stand-in for the token verification
 * (caller-auth.test.ts covers the real one): `users` maps a valid user
 * token to its user id; any other token does not verify.
 */
export function fakeAuthenticate(users: Record<string, string> = {}): Authenticate {
  return createCallerAuth(TEST_CALLER_KEYS, async (token) =>
    users[token] ? { userId: users[token]!, claims: { sub: users[token]!, role: 'authenticated' } } : null,
  );
}
