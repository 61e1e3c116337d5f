import { AuthClient, isAuthRetryableFetchError, type JWK } from '@supabase/supabase-js';
import { HttpError } from './http.ts';

/*
 * Who is calling a function, checked in the function's own code.
 *
 * Hosted Supabase's `verify_jwt` gate is off for every function: Supabase's
 * "Securing Edge Functions" says it is incompatible with asymmetric JWT
 * signing keys, and it cannot recognise `sb_publishable_…` keys. So every
 * function (except payment-notification, which PayU calls without any key
 * and which proves itself by PayU's signature) runs this check first.
 *
 * What callers send (supabase-js 2.119):
 *   legacy keys, no session:  apikey: <anon JWT>, Authorization: Bearer <anon JWT>
 *   new keys, no session:     apikey: sb_publishable_…  (never as a Bearer)
 *   signed in:                Authorization: Bearer <user JWT> (+ apikey)
 *
 * Rules:
 *   - no apikey and no Authorization at all → 401;
 *   - an apikey that is not one of the project's keys → 401;
 *   - a Bearer equal to a known anon/publishable key → an anonymous caller
 *     (equal to a known service-role/secret key → the service);
 *   - any other Bearer must be a valid user JWT — signature, expiry and
 *     `alg` (HS256, ES256 or RS256 only) — verified by supabase-js's own
 *     `auth.getClaims` (ES256/RS256 against the JWKS, HS256 by asking the
 *     auth server). A present but invalid token is 401, never a guest.
 *
 * We do not use `@supabase/server`: it refuses the legacy JWT keys and
 * HS256 user tokens, which must keep working until the project moves over.
 */

export interface UserCaller {
  kind: 'user';
  userId: string;
  /** The verified claims of the user's access token. */
  claims: Record<string, unknown>;
}

export type Caller =
  /** A known anon or publishable key and no user. */
  | { kind: 'anonymous' }
  /** A known service-role or secret key (server-to-server). */
  | { kind: 'service' }
  | UserCaller;

/** The project's keys, from the environment hosted Supabase gives every function. */
export interface CallerKeys {
  /** SUPABASE_ANON_KEY (legacy JWT) and every SUPABASE_PUBLISHABLE_KEYS value. */
  publicKeys: readonly string[];
  /** SUPABASE_SERVICE_ROLE_KEY (legacy JWT) and every SUPABASE_SECRET_KEYS value. */
  secretKeys: readonly string[];
}

export interface JsonWebKeySet {
  keys: JWK[];
}

/** A verified user, or null for a token that does not verify; throws only when the auth server cannot be asked. */
export type UserTokenVerifier = (token: string) => Promise<Omit<UserCaller, 'kind'> | null>;

/** What a function runs first: the caller, or an HttpError 401. */
export type Authenticate = (request: Request) => Promise<Caller>;

export const CALLER_AUTH_MESSAGES = {
  missing_credentials: 'Brak klucza dostępu do sklepu w zapytaniu. Odśwież stronę i spróbuj ponownie.',
  invalid_api_key: 'Nieprawidłowy klucz dostępu do sklepu. Odśwież stronę i spróbuj ponownie.',
  invalid_session: 'Twoja sesja wygasła. Zaloguj się ponownie.',
  login_required: 'Zaloguj się, aby kontynuować.',
} as const;

export type CallerAuthError = keyof typeof CALLER_AUTH_MESSAGES;

function refused(code: CallerAuthError): HttpError {
  return new HttpError(401, code, CALLER_AUTH_MESSAGES[code]);
}

/** The algorithms Supabase Auth signs with; anything else (`none`, HS512, PS256…) is refused before any check. */
export const ACCEPTED_JWT_ALGORITHMS: readonly string[] = ['HS256', 'ES256', 'RS256'];

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/**
 * The `alg` a token's header names, or null if it is not a JWT. Only a
 * guard: nothing is trusted from it, the signature is checked by getClaims.
 */
export function tokenAlgorithm(token: string): string | null {
  if (!JWT_SHAPE.test(token)) return null;
  try {
    const part = token.slice(0, token.indexOf('.')).replace(/-/g, '+').replace(/_/g, '/');
    const header = JSON.parse(atob(part.padEnd(Math.ceil(part.length / 4) * 4, '='))) as unknown;
    const alg = typeof header === 'object' && header !== null ? (header as { alg?: unknown }).alg : undefined;
    return typeof alg === 'string' ? alg : null;
  } catch {
    return null;
  }
}

/** Compares two secrets in time that does not depend on where they differ (both are hashed first). */
async function sameSecret(a: string, b: string): Promise<boolean> {
  const encoder = new TextEncoder();
  const [left, right] = await Promise.all([
    crypto.subtle.digest('SHA-256', encoder.encode(a)),
    crypto.subtle.digest('SHA-256', encoder.encode(b)),
  ]);
  const x = new Uint8Array(left);
  const y = new Uint8Array(right);
  let difference = 0;
  for (let index = 0; index < x.length; index += 1) difference |= x[index]! ^ y[index]!;
  return difference === 0;
}

async function isOneOf(value: string, known: readonly string[]): Promise<boolean> {
  const matches = await Promise.all(known.map((key) => sameSecret(value, key)));
  return matches.includes(true);
}

async function keyKind(value: string, keys: CallerKeys): Promise<'anonymous' | 'service' | null> {
  if (await isOneOf(value, keys.publicKeys)) return 'anonymous';
  if (await isOneOf(value, keys.secretKeys)) return 'service';
  return null;
}

/** The caller check every authenticated function runs first (see the rules above). */
export function createCallerAuth(keys: CallerKeys, verifyUser: UserTokenVerifier): Authenticate {
  return async (request) => {
    const apikey = request.headers.get('apikey');
    const authorization = request.headers.get('authorization');
    if (apikey === null && authorization === null) throw refused('missing_credentials');

    let apikeyKind: 'anonymous' | 'service' | null = null;
    if (apikey !== null) {
      apikeyKind = await keyKind(apikey.trim(), keys);
      if (!apikeyKind) throw refused('invalid_api_key');
    }
    if (authorization === null) return { kind: apikeyKind! };

    const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    // A malformed Authorization header is a present, invalid credential.
    if (!token) throw refused('invalid_session');
    const bearerKind = await keyKind(token, keys);
    if (bearerKind) return { kind: bearerKind };

    const user = await verifyUser(token);
    if (!user) throw refused('invalid_session');
    return { kind: 'user', ...user };
  };
}

/** For a function (or a step of one) that only a signed-in user may call: 401 for anyone else. */
export function requireUser(caller: Caller): UserCaller {
  if (caller.kind !== 'user') throw refused('login_required');
  return caller;
}

/** The signed-in user's id, or null for an anonymous or service caller. */
export function userIdOf(caller: Caller): string | null {
  return caller.kind === 'user' ? caller.userId : null;
}

export interface SupabaseUserVerifierOptions {
  supabaseUrl: string;
  /** Any of the project's keys, sent as `apikey` when the auth server is asked (HS256 tokens). */
  apiKey: string;
  /** SUPABASE_JWKS; null → getClaims fetches the auth server's /.well-known/jwks.json (cached). */
  jwks: JsonWebKeySet | null;
  fetch?: typeof fetch;
}

/**
 * Verifies user tokens with supabase-js's own `auth.getClaims`: ES256/RS256
 * against the JWKS with WebCrypto, HS256 (and a key id the JWKS lacks) by a
 * `GET /auth/v1/user` to the auth server. Refuses other algorithms up front,
 * and tokens that are not a user's (no `sub`, or an anon/service role).
 */
export function createSupabaseUserVerifier(options: SupabaseUserVerifierOptions): UserTokenVerifier {
  // The auth part of supabase-js alone: no realtime client (which Node 20 cannot create), no session kept.
  const auth = new AuthClient({
    url: `${options.supabaseUrl.replace(/\/+$/, '')}/auth/v1`,
    headers: { apikey: options.apiKey },
    ...(options.fetch ? { fetch: options.fetch } : {}),
    persistSession: false,
    autoRefreshToken: false,
    detectSessionInUrl: false,
  });
  const claimsOptions = options.jwks ? { jwks: options.jwks } : {};
  return async (token) => {
    const alg = tokenAlgorithm(token);
    if (alg === null || !ACCEPTED_JWT_ALGORITHMS.includes(alg)) return null;
    let result: Awaited<ReturnType<typeof auth.getClaims>>;
    try {
      result = await auth.getClaims(token, claimsOptions);
    } catch {
      // Not decodable, or a key that does not fit the token's algorithm: not a valid token.
      return null;
    }
    if (result.error) {
      // The auth server could not be asked (network, 5xx): that is our failure, not the caller's.
      if (isAuthRetryableFetchError(result.error) || (result.error.status ?? 0) >= 500) {
        throw new Error(`verifying the caller's token failed: ${result.error.message}`);
      }
      return null;
    }
    const claims = (result.data?.claims ?? {}) as Record<string, unknown>;
    const sub = claims.sub;
    if (typeof sub !== 'string' || sub === '' || claims.role === 'anon' || claims.role === 'service_role') return null;
    return { userId: sub, claims };
  };
}
