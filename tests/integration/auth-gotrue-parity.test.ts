import { createHmac, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackend, type RunningBackend } from '../../server/local-backend/backend.ts';
import { signJwt } from '../../server/local-backend/keys/jwt.ts';
import { loadLocalKeys, type LocalKeys } from '../../server/local-backend/keys/local-keys.ts';
import { freePort } from '../../server/local-backend/process-utils.ts';
import { anonClient, signedInOwner, signedUpCustomer, testBackend, uniqueEmail } from '../support/test-backend.ts';

/**
 * The local auth stand-in against GoTrue (supabase/auth, internal/api):
 * error shapes, no_authorization, sessions ended by logout, refresh-token
 * rotation and reuse, the claims, /settings, the JWKS and PUT /user; and the
 * asymmetric (ES256) user tokens through PostgREST's JWKS. The shared backend
 * signs sessions ES256 (the default); a backend of this file's own signs them
 * HS256 (AUTH_JWT_ALG=HS256), the legacy style, and holds the keys to mint
 * expired and forged tokens.
 */

const VERSION = { 'X-Supabase-Api-Version': '2024-01-01' };
const PASSWORD = 'haslo-123456';

type Json = Record<string, unknown>;

function decode(token: string): { header: Json; payload: Json } {
  const [header, payload] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header!, 'base64url').toString('utf8')) as Json,
    payload: JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Json,
  };
}

/** The same token with its payload changed and the old signature kept. */
function tampered(token: string, changes: Json): string {
  const [header, payload, signature] = token.split('.');
  const claims = { ...(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Json), ...changes };
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
}

/** An unsigned token (`alg: none`) with the given claims. */
function unsigned(claims: Json): string {
  return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}

interface Answer {
  status: number;
  headers: Headers;
  body: Json;
}

async function call(
  base: { url: string; anonKey: string },
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${base.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: base.anonKey,
      ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as Json) : {} };
}

async function rest(
  base: { url: string; anonKey: string },
  path: string,
  token: string,
  init: RequestInit = {},
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${base.url}/rest/v1${path}`, {
    ...init,
    headers: {
      apikey: base.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(init.headers as Record<string, string>),
    },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: string };
}

async function signUp(base: { url: string; anonKey: string }, label: string): Promise<Session & { email: string }> {
  const email = uniqueEmail(label);
  const answer = await call(base, 'POST', '/signup', { body: { email, password: PASSWORD }, headers: VERSION });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ...(answer.body as unknown as Session), email };
}

async function signIn(base: { url: string; anonKey: string }, email: string, password = PASSWORD): Promise<Session> {
  const answer = await call(base, 'POST', '/token?grant_type=password', { body: { email, password }, headers: VERSION });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as unknown as Session;
}

function refresh(base: { url: string; anonKey: string }, refreshToken: string): Promise<Answer> {
  return call(base, 'POST', '/token?grant_type=refresh_token', { body: { refresh_token: refreshToken }, headers: VERSION });
}

function clientFor(url: string, key: string): SupabaseClient {
  return createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } });
}

describe('GoTrue error shapes', () => {
  it('answers {code: error_code, message} and echoes the version header when the request names 2024-01-01', async () => {
    const answer = await call(testBackend(), 'POST', '/token?grant_type=password', {
      body: { email: uniqueEmail('brak'), password: 'zle-haslo' },
      headers: VERSION,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(answer.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(answer.headers.get('x-sb-error-code')).toBe('invalid_credentials');
  });

  it('answers {code: status, error_code, msg} without the version header, and does not echo one', async () => {
    const answer = await call(testBackend(), 'POST', '/token?grant_type=password', {
      body: { email: uniqueEmail('brak'), password: 'zle-haslo' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    expect(answer.headers.get('x-supabase-api-version')).toBeNull();
    expect(answer.headers.get('x-sb-error-code')).toBe('invalid_credentials');
  });

  it('reads a version before 2024-01-01 or a malformed one as the initial version', async () => {
    for (const version of ['2023-12-31', 'jutro']) {
      const answer = await call(testBackend(), 'POST', '/token?grant_type=password', {
        body: { email: uniqueEmail('brak'), password: 'zle-haslo' },
        headers: { 'X-Supabase-Api-Version': version },
      });
      expect(answer.body, version).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    }
  });

  it('gives weak_password its reasons in both shapes', async () => {
    const body = { email: uniqueEmail('slabe'), password: '123' };
    const current = await call(testBackend(), 'POST', '/signup', { body, headers: VERSION });
    const initial = await call(testBackend(), 'POST', '/signup', { body });
    expect(current.status).toBe(422);
    expect(current.body).toEqual({
      code: 'weak_password',
      message: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
    expect(initial.body).toEqual({
      code: 422,
      error_code: 'weak_password',
      msg: 'Password should be at least 6 characters.',
      weak_password: { reasons: ['length'] },
    });
  });

  it('shapes a 429 like every other error: a string code with the header, the status without', async () => {
    const { email } = await signedUpCustomer('limit-ksztalt');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await call(testBackend(), 'POST', '/token?grant_type=password', { body: { email, password: `zle-${attempt}` } })).status,
      ).toBe(400);
    }
    const current = await call(testBackend(), 'POST', '/token?grant_type=password', {
      body: { email, password: PASSWORD },
      headers: VERSION,
    });
    const initial = await call(testBackend(), 'POST', '/token?grant_type=password', { body: { email, password: PASSWORD } });
    expect(current.status).toBe(429);
    expect(current.body).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    expect(Number(current.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(initial.status).toBe(429);
    expect(initial.body).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
    // supabase-js reads both as GoTrue's rate-limit error.
    const { error } = await anonClient().auth.signInWithPassword({ email, password: PASSWORD });
    expect(error?.status).toBe(429);
    expect(error?.code).toBe('over_request_rate_limit');
  });

  it('answers an unknown grant type as GoTrue does (400 invalid_credentials "unsupported_grant_type")', async () => {
    const answer = await call(testBackend(), 'POST', '/token?grant_type=magia', { body: {}, headers: VERSION });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'invalid_credentials', message: 'unsupported_grant_type' });
  });
});

describe('authentication of /user and /logout', () => {
  it('answers 401 no_authorization without an Authorization header (GET /user, PUT /user, POST /logout)', async () => {
    for (const [method, path] of [
      ['GET', '/user'],
      ['PUT', '/user'],
      ['POST', '/logout'],
    ] as const) {
      const current = await call(testBackend(), method, path, { headers: VERSION, ...(method === 'PUT' ? { body: { data: {} } } : {}) });
      expect(current.status, `${method} ${path}`).toBe(401);
      expect(current.body).toEqual({ code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' });
      const initial = await call(testBackend(), method, path);
      expect(initial.body).toEqual({ code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a valid Bearer token' });
    }
    // A scheme other than Bearer is no authorization either.
    const basic = await call(testBackend(), 'GET', '/user', { headers: { ...VERSION, Authorization: 'Basic dXNlcjpwYXNz' } });
    expect(basic.status).toBe(401);
  });

  it('refuses an unsigned (alg none), a re-signed-payload and a garbage token with 403 bad_jwt', async () => {
    const session = await signUp(testBackend(), 'falszywy');
    const forged = [
      unsigned({ ...decode(session.access_token).payload }),
      tampered(session.access_token, { sub: randomUUID() }),
      tampered(session.access_token, { exp: Math.floor(Date.now() / 1000) + 10 * 365 * 86400 }),
      'nie.jest.tokenem',
    ];
    for (const token of forged) {
      const answer = await call(testBackend(), 'GET', '/user', { token, headers: VERSION });
      expect(answer.status, token).toBe(403);
      expect(answer.body.code).toBe('bad_jwt');
    }
    // The genuine token still works.
    expect((await call(testBackend(), 'GET', '/user', { token: session.access_token })).status).toBe(200);
  });

  it('refuses an anon key (no sub) on GET /user as bad_jwt', async () => {
    const answer = await call(testBackend(), 'GET', '/user', { token: testBackend().anonKey, headers: VERSION });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 'bad_jwt', message: 'invalid claim: missing sub claim' });
  });
});

describe('sessions end at logout, as in GoTrue', () => {
  it('answers the old access token 403 session_not_found after logout, and supabase-js drops the session', async () => {
    const { client, email } = await signedUpCustomer('wylogowany');
    const { data } = await client.auth.getSession();
    const accessToken = data.session!.access_token;
    expect(typeof decode(accessToken).payload.session_id).toBe('string');
    expect((await client.auth.getUser()).error).toBeNull();

    expect((await client.auth.signOut()).error).toBeNull();
    const after = await call(testBackend(), 'GET', '/user', { token: accessToken, headers: VERSION });
    expect(after.status).toBe(403);
    expect(after.body).toEqual({ code: 'session_not_found', message: 'Session from session_id claim in JWT does not exist' });

    // supabase-js turns session_not_found into AuthSessionMissingError.
    const viaClient = await anonClient().auth.getUser(accessToken);
    expect(viaClient.error?.name).toBe('AuthSessionMissingError');

    // Signing in again starts a new session that works.
    const again = await signIn(testBackend(), email);
    expect((await call(testBackend(), 'GET', '/user', { token: again.access_token })).status).toBe(200);
  });

  it('logs out one session with scope=local and the others with scope=others; refuses an unknown scope', async () => {
    const first = await signUp(testBackend(), 'zakres');
    const second = await signIn(testBackend(), first.email);
    const third = await signIn(testBackend(), first.email);
    const status = async (session: Session) => (await call(testBackend(), 'GET', '/user', { token: session.access_token })).status;

    const unknown = await call(testBackend(), 'POST', '/logout?scope=wszedzie', { token: first.access_token, headers: VERSION });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('validation_failed');

    expect((await call(testBackend(), 'POST', '/logout?scope=local', { token: second.access_token })).status).toBe(204);
    expect([await status(first), await status(second), await status(third)]).toEqual([200, 403, 200]);

    expect((await call(testBackend(), 'POST', '/logout?scope=others', { token: third.access_token })).status).toBe(204);
    expect([await status(first), await status(third)]).toEqual([403, 200]);
    expect((await refresh(testBackend(), first.refresh_token)).body.code).toBe('refresh_token_not_found');
    expect((await refresh(testBackend(), third.refresh_token)).status).toBe(200);
  });
});

describe('refresh-token rotation and reuse', () => {
  it('gives the previous token back the current one (no fork), through supabase-js too', async () => {
    const session = await signUp(testBackend(), 'rotacja');
    const first = await refresh(testBackend(), session.refresh_token);
    expect(first.status).toBe(200);
    const current = first.body.refresh_token as string;
    expect(current).not.toBe(session.refresh_token);

    // Another tab (or a lost answer) uses the previous token again within seconds.
    const again = await refresh(testBackend(), session.refresh_token);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(current);
    expect(decode(again.body.access_token as string).payload.session_id).toBe(decode(session.access_token).payload.session_id);

    const viaClient = await anonClient().auth.refreshSession({ refresh_token: session.refresh_token });
    expect(viaClient.error).toBeNull();
    expect(viaClient.data.session?.refresh_token).toBe(current);

    // The current token still rotates normally.
    const next = await refresh(testBackend(), current);
    expect(next.status).toBe(200);
    expect(next.body.refresh_token).not.toBe(current);
  });

  it('answers an older token refresh_token_already_used and ends the whole session', async () => {
    const session = await signUp(testBackend(), 'ponowne');
    const r1 = (await refresh(testBackend(), session.refresh_token)).body.refresh_token as string;
    const second = await refresh(testBackend(), r1);
    const r2 = second.body.refresh_token as string;
    const accessToken = second.body.access_token as string;
    expect((await call(testBackend(), 'GET', '/user', { token: accessToken })).status).toBe(200);

    // The first token is two rotations old: reuse.
    const reuse = await refresh(testBackend(), session.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body).toEqual({ code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });

    // The chain is gone: the current refresh token and the session's access tokens.
    expect((await refresh(testBackend(), r2)).body.code).toBe('refresh_token_not_found');
    expect((await call(testBackend(), 'GET', '/user', { token: accessToken })).body).toMatchObject({
      code: 403,
      error_code: 'session_not_found',
    });
    const viaClient = await anonClient().auth.refreshSession({ refresh_token: r1 });
    expect(viaClient.error?.code).toBe('refresh_token_not_found');
  });

  it('refuses a malformed refresh token as GoTrue does (400 validation_failed)', async () => {
    const answer = await refresh(testBackend(), 'krotki');
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'validation_failed', message: 'Refresh token is not valid' });
  });

  it('serialises concurrent refreshes of one token: every answer carries the same current token', async () => {
    const session = await signUp(testBackend(), 'rownolegle');
    const answers = await Promise.all(Array.from({ length: 4 }, () => refresh(testBackend(), session.refresh_token)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.refresh_token)).size).toBe(1);
  });
});

describe('access token claims', () => {
  it('keeps amr at the sign-in time across refreshes, with the session id, and iss = the public URL + /auth/v1', async () => {
    const session = await signUp(testBackend(), 'amr');
    const before = decode(session.access_token).payload;
    await new Promise((resolveWait) => setTimeout(resolveWait, 1100));
    const refreshed = await refresh(testBackend(), session.refresh_token);
    const after = decode(refreshed.body.access_token as string).payload;
    expect(before.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) as number }]);
    expect(after.amr).toEqual(before.amr);
    expect(after.iat as number).toBeGreaterThan(before.iat as number);
    expect(after.session_id).toBe(before.session_id);
    expect(before.iss).toBe(`${testBackend().url}/auth/v1`);
    expect(testBackend().url).toMatch(/^http:\/\/localhost:\d+$/);
    expect(before).toMatchObject({ aud: 'authenticated', role: 'authenticated', aal: 'aal1', is_anonymous: false, sub: session.user.id });
  });

  it('signs sessions ES256 with a kid from the JWKS by default; supabase-js getClaims verifies them with the JWKS', async () => {
    const { client } = await signedUpCustomer('es256');
    const token = (await client.auth.getSession()).data.session!.access_token;
    const { header } = decode(token);
    expect(header.alg).toBe('ES256');
    const jwks = await call(testBackend(), 'GET', '/.well-known/jwks.json');
    const kids = (jwks.body.keys as Json[]).map((key) => key.kid);
    expect(kids).toContain(header.kid);

    const claims = await client.auth.getClaims();
    expect(claims.error).toBeNull();
    expect(claims.data?.claims.sub).toBe(decode(token).payload.sub);

    const forged = await anonClient().auth.getClaims(tampered(token, { role: 'service_role' }));
    expect(forged.data).toBeNull();
    expect(forged.error?.message).toMatch(/signature/i);
  });
});

describe('GET /settings, /health and the JWKS', () => {
  it("has GoTrue's full settings shape", async () => {
    const answer = await call(testBackend(), 'GET', '/settings');
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(
      [
        'external',
        'disable_signup',
        'mailer_autoconfirm',
        'phone_autoconfirm',
        'sms_provider',
        'saml_enabled',
        'saml_private_key_next_configured',
        'passkeys_enabled',
      ].sort(),
    );
    const external = answer.body.external as Record<string, boolean>;
    expect(Object.keys(external).sort()).toEqual(
      [
        'anonymous_users',
        'apple',
        'azure',
        'bitbucket',
        'discord',
        'facebook',
        'snapchat',
        'figma',
        'fly',
        'github',
        'gitlab',
        'google',
        'keycloak',
        'kakao',
        'linkedin',
        'linkedin_oidc',
        'notion',
        'spotify',
        'slack',
        'slack_oidc',
        'workos',
        'twitch',
        'twitter',
        'email',
        'phone',
        'zoom',
      ].sort(),
    );
    expect(
      Object.entries(external)
        .filter(([, on]) => on)
        .map(([name]) => name),
    ).toEqual(['email']);
    expect(answer.body).toMatchObject({ disable_signup: false, mailer_autoconfirm: true, phone_autoconfirm: false, saml_enabled: false });
  });

  it('answers /health as GoTrue names itself', async () => {
    const answer = await call(testBackend(), 'GET', '/health');
    expect(answer.body).toMatchObject({ name: 'GoTrue', description: expect.any(String) as string });
  });

  it('publishes only the public EC key at /.well-known/jwks.json', async () => {
    const answer = await call(testBackend(), 'GET', '/.well-known/jwks.json');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=600');
    const keys = answer.body.keys as Json[];
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: expect.any(String) as string });
    expect(keys[0]).not.toHaveProperty('d');
    expect(keys.some((key) => key.kty === 'oct')).toBe(false);
  });
});

describe('PUT /user', () => {
  it('merges user_metadata (null removes a key) and the next token carries it', async () => {
    const { client } = await signedUpCustomer('dane');
    const first = await client.auth.updateUser({ data: { name: 'Anna', city: 'Przemyśl' } });
    expect(first.error).toBeNull();
    expect(first.data.user?.user_metadata).toMatchObject({ name: 'Anna', city: 'Przemyśl' });
    const second = await client.auth.updateUser({ data: { city: null } });
    expect(second.data.user?.user_metadata).toMatchObject({ name: 'Anna' });
    expect(second.data.user?.user_metadata).not.toHaveProperty('city');
    const refreshed = await client.auth.refreshSession();
    expect(decode(refreshed.data.session!.access_token).payload.user_metadata).toMatchObject({ name: 'Anna' });
  });

  it('changes the password: the old one stops working, other sessions end, this one stays', async () => {
    const { client, email } = await signedUpCustomer('nowe-haslo');
    const other = await signIn(testBackend(), email);
    const updated = await client.auth.updateUser({ password: 'zupelnie-nowe-haslo' });
    expect(updated.error).toBeNull();

    expect((await anonClient().auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials');
    expect((await anonClient().auth.signInWithPassword({ email, password: 'zupelnie-nowe-haslo' })).error).toBeNull();
    expect((await client.auth.getUser()).error).toBeNull();
    expect((await call(testBackend(), 'GET', '/user', { token: other.access_token })).body).toMatchObject({
      error_code: 'session_not_found',
    });
    expect((await refresh(testBackend(), other.refresh_token)).body.code).toBe('refresh_token_not_found');
  });

  it('refuses the same password, a weak one and app_metadata as GoTrue does', async () => {
    const { client } = await signedUpCustomer('odmowy');
    expect((await client.auth.updateUser({ password: PASSWORD })).error?.code).toBe('same_password');
    const weak = await client.auth.updateUser({ password: '12' });
    expect(weak.error?.code).toBe('weak_password');
    const token = (await client.auth.getSession()).data.session!.access_token;
    const admin = await call(testBackend(), 'PUT', '/user', { token, body: { app_metadata: { role: 'admin' } }, headers: VERSION });
    expect(admin.status).toBe(403);
    expect(admin.body).toEqual({ code: 'not_admin', message: 'Updating app_metadata requires admin privileges' });
  });
});

describe('asymmetric user tokens at PostgREST (PGRST_JWT_SECRET is a JWKS)', () => {
  it('lets an ES256 user token reach RLS as that user', async () => {
    const owner = await signedInOwner();
    const ownerToken = (await owner.auth.getSession()).data.session!.access_token;
    expect(decode(ownerToken).header.alg).toBe('ES256');
    expect(await owner.rpc('is_admin')).toMatchObject({ data: true, error: null });
    const { client } = await signedUpCustomer('rls-es256');
    expect(await client.rpc('is_admin')).toMatchObject({ data: false, error: null });
  });

  it('still takes the legacy anon key (an HS256 JWT)', async () => {
    const { url, anonKey } = testBackend();
    const answer = await rest({ url, anonKey }, '/products?select=id&limit=1', anonKey);
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
  });

  it('refuses forged tokens: a tampered legacy key, a tampered ES256 token, alg none', async () => {
    const base = testBackend();
    const session = await signUp(base, 'podrobka');
    const forged = [
      tampered(base.anonKey, { role: 'service_role' }),
      tampered(session.access_token, { sub: randomUUID() }),
      unsigned({ role: 'service_role', exp: Math.floor(Date.now() / 1000) + 3600 }),
    ];
    for (const token of forged) {
      const answer = await rest(base, '/products?select=id&limit=1', token);
      expect(answer.status, token).toBe(401);
    }
  });
});

describe('legacy HS256 sessions (AUTH_JWT_ALG=HS256) on a backend of its own', () => {
  const ROOT = resolve(import.meta.dirname, '..', '..');
  let dataDir = '';
  let backend: RunningBackend | undefined;
  let keys: LocalKeys;
  const base = () => ({ url: backend!.url, anonKey: backend!.anonKey });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-hs256-'));
    backend = await startBackend({
      dataDir,
      backendPort: await freePort(),
      appPort: null,
      distDir: join(ROOT, 'dist'),
      ownerEmail: 'owner@hs256.test',
      ownerPassword: 'owner-password-123',
      env: { ...process.env, AUTH_JWT_ALG: 'HS256', AUTH_RATE_LIMIT: '0' },
    });
    // The same secrets.json the backend uses, to mint tokens it must accept or refuse.
    keys = loadLocalKeys(dataDir);
  });

  afterAll(async () => {
    await backend?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('signs sessions HS256 without a kid; PostgREST and the auth service take them', async () => {
    expect(backend!.authJwtAlg).toBe('HS256');
    const session = await signUp(base(), 'hs256');
    expect(decode(session.access_token).header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect((await call(base(), 'GET', '/user', { token: session.access_token })).status).toBe(200);
    const client = clientFor(backend!.url, backend!.anonKey);
    await client.auth.setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
    expect(await client.rpc('is_admin')).toMatchObject({ data: false, error: null });
    // getClaims falls back to GET /user for a symmetric token.
    expect((await client.auth.getClaims()).data?.claims.sub).toBe(session.user.id);
    // GoTrue lists no HS256 key in its JWKS; the EC key stays there for tokens signed with it.
    const jwks = await call(base(), 'GET', '/.well-known/jwks.json');
    expect((jwks.body.keys as Json[]).every((key) => key.kty === 'EC')).toBe(true);
  });

  it('accepts an ES256 token it signed too, and refuses alg none, bad signatures, expired tokens, unknown kids and alg confusion', async () => {
    const session = await signUp(base(), 'tokeny');
    const claims = decode(session.access_token).payload;
    const now = Math.floor(Date.now() / 1000);
    const es256 = signJwt(claims, keys.es256SigningKey);
    expect((await call(base(), 'GET', '/user', { token: es256 })).status).toBe(200);
    expect((await rest(base(), '/rpc/is_admin', es256, { method: 'POST', body: '{}' })).status).toBe(200);

    const otherKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
    // An HS256 token whose header names the EC key: the secret is never tried for it.
    const confusedHeader = Buffer.from(JSON.stringify({ alg: 'HS256', kid: keys.es256SigningKey.kid, typ: 'JWT' })).toString('base64url');
    const confusedPayload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    const confused = `${confusedHeader}.${confusedPayload}.${createHmac('sha256', keys.jwtSecret).update(`${confusedHeader}.${confusedPayload}`).digest('base64url')}`;
    const refusals: Record<string, string> = {
      'alg none': unsigned(claims),
      // Past PostgREST's 30 s clock-skew allowance.
      'expired ES256': signJwt({ ...claims, exp: now - 60 }, keys.es256SigningKey),
      'expired HS256': signJwt({ ...claims, exp: now - 60 }, keys.jwtSecret),
      'bad ES256 signature': tampered(es256, { role: 'service_role' }),
      'bad HS256 signature': tampered(session.access_token, { role: 'service_role' }),
      'HS256 with another secret': signJwt(claims, `${keys.jwtSecret}x`),
      'ES256 with an unknown kid': signJwt(claims, { alg: 'ES256', kid: randomUUID(), privateKey: otherKey }),
      'ES256 signed by another key under our kid': signJwt(claims, { alg: 'ES256', kid: keys.es256SigningKey.kid, privateKey: otherKey }),
      'ES256 without a kid': (() => {
        const header = Buffer.from(JSON.stringify({ alg: 'ES256', typ: 'JWT' })).toString('base64url');
        const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
        return `${header}.${payload}.${sign('sha256', Buffer.from(`${header}.${payload}`), { key: keys.es256SigningKey.privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
      })(),
      'HS256 naming the EC kid': confused,
    };
    // The last two carry a genuine signature of this install's keys, only with a header GoTrue refuses
    // (ES256 needs a kid; a kid fixes the key and so the algorithm): PostgREST may take them, the auth service does not.
    const genuineSignature = new Set(['ES256 without a kid', 'HS256 naming the EC kid']);
    for (const [what, token] of Object.entries(refusals)) {
      const answer = await call(base(), 'GET', '/user', { token, headers: VERSION });
      expect(answer.status, what).toBe(403);
      expect(answer.body.code, what).toBe('bad_jwt');
      if (genuineSignature.has(what)) continue;
      expect((await rest(base(), '/rpc/is_admin', token, { method: 'POST', body: '{}' })).status, `PostgREST: ${what}`).toBe(401);
    }
  });

  it('writes both key styles to backend.json and keeps them in secrets.json across restarts', async () => {
    const file = join(dataDir, 'backend.json');
    expect(existsSync(file)).toBe(true);
    const written = JSON.parse(readFileSync(file, 'utf8')) as Json;
    expect(written).toMatchObject({ url: backend!.url, anon_key: backend!.anonKey, service_role_key: backend!.serviceRoleKey });
    expect(written.publishable_key).toBe(backend!.publishableKey);
    expect(written.secret_key).toBe(backend!.secretKey);
    expect(backend!.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{20,}$/);
    expect(backend!.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{20,}$/);
    expect(backend!.jwks).toEqual(keys.publicJwks);
    expect(loadLocalKeys(dataDir).publishableKey).toBe(keys.publishableKey);
  });

  it('mints role tokens for the new-style keys that PostgREST takes as that role', async () => {
    const anonToken = backend!.signRoleToken('anon');
    expect(decode(anonToken).header).toMatchObject({ alg: 'ES256', kid: keys.es256SigningKey.kid });
    expect(decode(anonToken).payload).toMatchObject({ role: 'anon' });
    expect((await rest(base(), '/products?select=id&limit=1', anonToken)).status).toBe(200);
    // service_role bypasses RLS: it reads settings anon may not.
    const serviceToken = backend!.signRoleToken('service_role');
    const secretSettings = await rest(base(), '/app_settings?select=key&key=eq.payu_classic_key2', serviceToken);
    const anonSettings = await rest(base(), '/app_settings?select=key&key=eq.payu_classic_key2', anonToken);
    expect(secretSettings.status).toBe(200);
    expect((secretSettings.body as unknown[]).length).toBe(1);
    expect(anonSettings.body).toEqual([]);

    expect(backend!.roleForApiKey(backend!.publishableKey)).toBe('anon');
    expect(backend!.roleForApiKey(backend!.secretKey)).toBe('service_role');
    expect(backend!.roleForApiKey(backend!.anonKey)).toBe('anon');
    expect(backend!.roleForApiKey('sb_publishable_nieznany')).toBeNull();
    const translated = backend!.upstreamAuthorization(backend!.publishableKey, `Bearer ${backend!.publishableKey}`);
    expect(decode(translated!.slice(7)).payload.role).toBe('anon');
    expect(backend!.upstreamAuthorization('sb_secret_podrobiony', undefined)).toBeNull();
  });
});
