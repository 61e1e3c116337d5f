import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CALLER_AUTH_MESSAGES,
  createCallerAuth,
  createSupabaseUserVerifier,
  requireUser,
  tokenAlgorithm,
  type JsonWebKeySet,
  type UserTokenVerifier,
} from '../../functions/_shared/caller-auth.ts';
import { HttpError, jsonResponse, postHandler } from '../../functions/_shared/http.ts';
import { ANON_JWT, PUBLISHABLE_KEY, SECRET_KEY, TEST_CALLER_KEYS } from './caller-fixtures.ts';

/*
 * The caller check every function runs (functions/_shared/caller-auth.ts):
 * the key rules with a stand-in verifier, then the real verifier —
 * supabase-js's auth.getClaims — with real ES256/RS256 signatures and a fake
 * auth server for HS256 tokens.
 */

const SUPABASE_URL = 'http://supabase.test';
const HS256_SECRET = 'the-project-jwt-secret-with-at-least-32-chars';
const USER_ID = '7a0f1c1e-2b3c-4d5e-8f90-123456789abc';

const base64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const encodePart = (value: unknown) => base64url(JSON.stringify(value));
const nowSeconds = () => Math.floor(Date.now() / 1000);
const userClaims = (overrides: Record<string, unknown> = {}) => ({
  sub: USER_ID,
  role: 'authenticated',
  aud: 'authenticated',
  exp: nowSeconds() + 3600,
  ...overrides,
});

async function keyPair(kind: 'ES256' | 'RS256', kid: string) {
  const algorithm =
    kind === 'ES256'
      ? { name: 'ECDSA', namedCurve: 'P-256' }
      : { name: 'RSASSA-PKCS1-v1_5', modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' };
  const pair = (await crypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const jwk = { ...(await crypto.subtle.exportKey('jwk', pair.publicKey)), kid, alg: kind, use: 'sig' };
  const sign = async (header: Record<string, unknown>, payload: Record<string, unknown>) => {
    const input = `${encodePart(header)}.${encodePart(payload)}`;
    const params = kind === 'ES256' ? { name: 'ECDSA', hash: 'SHA-256' } : { name: 'RSASSA-PKCS1-v1_5' };
    const signature = new Uint8Array(await crypto.subtle.sign(params, pair.privateKey, new TextEncoder().encode(input)));
    return `${input}.${base64url(signature)}`;
  };
  return { jwk, sign, token: (payload: Record<string, unknown>) => sign({ alg: kind, typ: 'JWT', kid }, payload) };
}

function hs256(payload: Record<string, unknown>, secret = HS256_SECRET): string {
  const input = `${encodePart({ alg: 'HS256', typ: 'JWT' })}.${encodePart(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

/** GoTrue's GET /user for HS256 tokens: 200 with the user when the signature is the project's, else 403 bad_jwt. */
function fakeAuthServer(options: { down?: boolean } = {}) {
  const calls: string[] = [];
  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(url);
    if (options.down) throw new TypeError('fetch failed');
    if (url.endsWith('/.well-known/jwks.json')) return Response.json({ keys: [] });
    if (url.endsWith('/auth/v1/user')) {
      const token = /^Bearer (.+)$/.exec(new Headers(init?.headers).get('authorization') ?? '')?.[1] ?? '';
      const [header, payload, signature] = token.split('.');
      const expected = createHmac('sha256', HS256_SECRET).update(`${header}.${payload}`).digest('base64url');
      if (signature !== expected)
        return Response.json({ code: 403, error_code: 'bad_jwt', msg: 'invalid JWT: signature is invalid' }, { status: 403 });
      const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sub?: string };
      if (!claims.sub) return Response.json({ code: 403, error_code: 'bad_jwt', msg: 'missing sub claim' }, { status: 403 });
      return Response.json({
        id: claims.sub,
        aud: 'authenticated',
        role: 'authenticated',
        email: 'anna@example.pl',
        app_metadata: {},
        user_metadata: {},
        created_at: '2026-01-01T00:00:00Z',
      });
    }
    return new Response('not found', { status: 404 });
  }) as typeof fetch;
  return { fetch: fetchImpl, calls };
}

function request(headers: Record<string, string>): Request {
  return new Request('http://functions.test/fn', { method: 'POST', headers });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { status, code, message } = error as HttpError;
  return { status, code, message };
}

describe('the caller check: keys and tokens', () => {
  const verified: string[] = [];
  const verifyUser: UserTokenVerifier = async (token) => {
    verified.push(token);
    return token === 'valid-user-token' ? { userId: USER_ID, claims: { sub: USER_ID } } : null;
  };
  const authenticate = createCallerAuth(TEST_CALLER_KEYS, verifyUser);

  it('refuses a call with no apikey and no Authorization: 401 with a Polish message', async () => {
    expect(await refusal(authenticate(request({})))).toEqual({
      status: 401,
      code: 'missing_credentials',
      message: CALLER_AUTH_MESSAGES.missing_credentials,
    });
  });

  it('refuses an apikey that is not one of the project keys, whatever the bearer', async () => {
    expect((await refusal(authenticate(request({ apikey: 'sb_publishable_someone_elses' })))).code).toBe('invalid_api_key');
    expect((await refusal(authenticate(request({ apikey: 'forged', Authorization: 'Bearer valid-user-token' })))).code).toBe(
      'invalid_api_key',
    );
  });

  it('accepts the legacy style: apikey and Bearer both the anon JWT → a guest, with no token verification', async () => {
    verified.length = 0;
    expect(await authenticate(request({ apikey: ANON_JWT, Authorization: `Bearer ${ANON_JWT}` }))).toEqual({ kind: 'anonymous' });
    expect(await authenticate(request({ Authorization: `Bearer ${ANON_JWT}` }))).toEqual({ kind: 'anonymous' });
    expect(verified).toEqual([]);
  });

  it('accepts the new style: only apikey sb_publishable_… (supabase-js never sends it as Bearer) → a guest', async () => {
    expect(await authenticate(request({ apikey: PUBLISHABLE_KEY }))).toEqual({ kind: 'anonymous' });
    expect(await authenticate(request({ apikey: PUBLISHABLE_KEY, Authorization: `Bearer ${PUBLISHABLE_KEY}` }))).toEqual({
      kind: 'anonymous',
    });
  });

  it('knows the service: a secret key → service, never a user', async () => {
    expect(await authenticate(request({ apikey: SECRET_KEY }))).toEqual({ kind: 'service' });
    await expect(authenticate(request({ apikey: SECRET_KEY })).then(requireUser)).rejects.toMatchObject({
      status: 401,
      code: 'login_required',
    });
  });

  it('takes the user from a verified bearer token, with or without an apikey', async () => {
    expect(await authenticate(request({ apikey: PUBLISHABLE_KEY, Authorization: 'Bearer valid-user-token' }))).toMatchObject({
      kind: 'user',
      userId: USER_ID,
    });
    expect(await authenticate(request({ Authorization: 'Bearer valid-user-token' }))).toMatchObject({ kind: 'user', userId: USER_ID });
  });

  it('never downgrades a present but invalid token to a guest', async () => {
    expect(await refusal(authenticate(request({ apikey: PUBLISHABLE_KEY, Authorization: 'Bearer expired-or-forged' })))).toEqual({
      status: 401,
      code: 'invalid_session',
      message: CALLER_AUTH_MESSAGES.invalid_session,
    });
    expect((await refusal(authenticate(request({ apikey: PUBLISHABLE_KEY, Authorization: 'Basic dXNlcjpwYXNz' })))).code).toBe(
      'invalid_session',
    );
    expect((await refusal(authenticate(request({ apikey: PUBLISHABLE_KEY, Authorization: 'Bearer ' })))).code).toBe('invalid_session');
  });

  it('a user-only call without a user is 401 login_required, as JSON {error, message}', async () => {
    const userOnly = postHandler('user-only', async (incoming) => {
      const user = requireUser(await authenticate(incoming));
      return jsonResponse(200, { userId: user.userId });
    });
    const guest = await userOnly(request({ apikey: PUBLISHABLE_KEY }));
    expect(guest.status).toBe(401);
    expect(await guest.json()).toEqual({ error: 'login_required', message: CALLER_AUTH_MESSAGES.login_required });
    const nobody = await userOnly(request({}));
    expect(nobody.status).toBe(401);
    const user = await userOnly(request({ apikey: PUBLISHABLE_KEY, Authorization: 'Bearer valid-user-token' }));
    expect(await user.json()).toEqual({ userId: USER_ID });
  });
});

describe('user tokens, verified by supabase-js auth.getClaims', () => {
  // RSA keys take a while to make: one pair of each for the whole block.
  const keys = Promise.all([keyPair('ES256', 'es-key-1'), keyPair('RS256', 'rs-key-1')]);

  async function setup(options: { jwks?: JsonWebKeySet | null; down?: boolean } = {}) {
    const [es, rs] = await keys;
    const server = fakeAuthServer(options);
    const jwks = options.jwks === undefined ? { keys: [es.jwk, rs.jwk] as JsonWebKeySet['keys'] } : options.jwks;
    const verify = createSupabaseUserVerifier({ supabaseUrl: SUPABASE_URL, apiKey: PUBLISHABLE_KEY, jwks, fetch: server.fetch });
    const authenticate = createCallerAuth(TEST_CALLER_KEYS, verify);
    const withToken = (token: string) => authenticate(request({ apikey: PUBLISHABLE_KEY, Authorization: `Bearer ${token}` }));
    return { es, rs, server, verify, withToken };
  }

  it('accepts an ES256 token signed by a key of the JWKS, locally (no auth server call)', async () => {
    const { es, server, withToken } = await setup();
    expect(await withToken(await es.token(userClaims()))).toMatchObject({
      kind: 'user',
      userId: USER_ID,
      claims: { role: 'authenticated' },
    });
    expect(server.calls).toEqual([]);
  });

  it('accepts an RS256 token too', async () => {
    const { rs, withToken } = await setup();
    expect(await withToken(await rs.token(userClaims()))).toMatchObject({ kind: 'user', userId: USER_ID });
  });

  it('refuses an ES256 token whose payload was changed after signing (bad signature)', async () => {
    const { es, withToken } = await setup();
    const [header, , signature] = (await es.token(userClaims())).split('.');
    const forged = `${header}.${encodePart(userClaims({ sub: 'someone-else' }))}.${signature}`;
    expect((await refusal(withToken(forged))).code).toBe('invalid_session');
  });

  it('refuses a token signed by another key under a known key id', async () => {
    const { withToken } = await setup();
    const impostor = await keyPair('ES256', 'es-key-1');
    expect((await refusal(withToken(await impostor.token(userClaims())))).code).toBe('invalid_session');
  });

  it('refuses alg "none" up front, without asking anyone', async () => {
    const { server, withToken } = await setup();
    const unsigned = `${encodePart({ alg: 'none', typ: 'JWT' })}.${encodePart(userClaims())}.`;
    expect(tokenAlgorithm(unsigned)).toBe('none');
    expect((await refusal(withToken(unsigned))).code).toBe('invalid_session');
    for (const alg of ['HS512', 'PS256', 'ES384']) {
      expect((await refusal(withToken(`${encodePart({ alg, typ: 'JWT' })}.${encodePart(userClaims())}.c2ln`))).code).toBe(
        'invalid_session',
      );
    }
    expect(server.calls).toEqual([]);
  });

  it('refuses an expired token, ES256 or HS256, without asking the auth server', async () => {
    const { es, server, withToken } = await setup();
    expect((await refusal(withToken(await es.token(userClaims({ exp: nowSeconds() - 10 }))))).code).toBe('invalid_session');
    expect((await refusal(withToken(hs256(userClaims({ exp: nowSeconds() - 10 }))))).code).toBe('invalid_session');
    expect(server.calls).toEqual([]);
  });

  it('verifies an HS256 (legacy) user token with the auth server, as getClaims does', async () => {
    const { server, withToken } = await setup();
    expect(await withToken(hs256(userClaims()))).toMatchObject({ kind: 'user', userId: USER_ID });
    expect(server.calls).toEqual([`${SUPABASE_URL}/auth/v1/user`]);
  });

  it('refuses an anon token with a forged signature (the hole verify_jwt used to close)', async () => {
    const { withToken } = await setup();
    const forgedAnon = hs256({ role: 'anon', iss: 'supabase', exp: nowSeconds() + 3600 }, 'not-the-project-secret');
    expect((await refusal(withToken(forgedAnon))).code).toBe('invalid_session');
    const forgedUser = hs256(userClaims(), 'not-the-project-secret');
    expect((await refusal(withToken(forgedUser))).code).toBe('invalid_session');
  });

  it('refuses a validly signed token that is not a user (no sub, or the anon/service role)', async () => {
    const { es, withToken } = await setup();
    expect(await refusal(withToken(await es.token(userClaims({ sub: undefined }))))).toMatchObject({ code: 'invalid_session' });
    expect(await refusal(withToken(await es.token(userClaims({ role: 'service_role' }))))).toMatchObject({ code: 'invalid_session' });
  });

  it('refuses garbage that only looks like a JWT', async () => {
    const { withToken } = await setup();
    expect((await refusal(withToken('a.b.c'))).code).toBe('invalid_session');
    expect((await refusal(withToken(`${encodePart({ alg: 'ES256', kid: 'es-key-1' })}.bm90LWpzb24.c2ln`))).code).toBe('invalid_session');
  });

  it('without SUPABASE_JWKS fetches the auth server JWKS; a key id it lacks falls back to asking the server', async () => {
    const { es, server, withToken } = await setup({ jwks: null });
    expect((await refusal(withToken(await es.token(userClaims())))).code).toBe('invalid_session');
    expect(server.calls).toEqual([`${SUPABASE_URL}/auth/v1/.well-known/jwks.json`, `${SUPABASE_URL}/auth/v1/user`]);
  });

  it("an unreachable auth server is the shop's failure (an error, so 500), not the caller's 401", async () => {
    const { verify } = await setup({ down: true });
    await expect(verify(hs256(userClaims()))).rejects.toThrow(/verifying the caller's token failed/);
    const handler = postHandler('fn', async (incoming) => {
      await createCallerAuth(TEST_CALLER_KEYS, verify)(incoming);
      return jsonResponse(200, {});
    });
    const original = console.error;
    console.error = () => undefined;
    try {
      const response = await handler(request({ apikey: PUBLISHABLE_KEY, Authorization: `Bearer ${hs256(userClaims())}` }));
      expect(response.status).toBe(500);
    } finally {
      console.error = original;
    }
  });
});
