import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { createPostgresRateLimiter, type RateLimitSql, type RateLimiter } from '../functions/_shared/rate-limit.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { signJwt, verifyJwt } from './jwt.ts';
import { BodyTooLargeError, readBody, sendJson } from './http-helpers.ts';

/**
 * A GoTrue-compatible subset for /auth/v1: signup, password and refresh-token
 * grants, user, logout. Shapes follow what @supabase/auth-js reads (see
 * NOTES-local-stack.md): sessions as {access_token, token_type, expires_in,
 * expires_at, refresh_token, user}; errors as {code, msg} with the API
 * version header so auth-js reads the code.
 */

export interface AuthServiceOptions {
  pool: pg.Pool;
  jwtSecret: string;
  issuer: string;
  accessTokenSeconds?: number;
  /**
   * Sign-ups and password logins per address per 5 minutes, together, like
   * hosted Supabase Auth's default (AUTH_RATE_LIMIT, default 30); 0 → none.
   */
  requestRateLimit?: number;
}

/** Failed password logins per email and address, forgotten on a successful one. */
export const LOGIN_FAILURE_RATE_RULE = { name: 'auth-login-failures', limit: 5, windowSeconds: 15 * 60 } as const;
export const DEFAULT_AUTH_RATE_LIMIT = 30;
export const AUTH_RATE_WINDOW_SECONDS = 5 * 60;

/** The rate-limit SQL functions over the service's own connection (it connects as the database owner). */
function poolRateLimitSql(pool: pg.Pool): RateLimitSql {
  return async (fn, args) => {
    const names = Object.keys(args);
    const call = `select public.${fn}(${names.map((name, index) => `${name} => $${index + 1}`).join(', ')}) as result`;
    const { rows } = await pool.query<{ result: unknown }>(call, Object.values(args));
    return rows[0]?.result;
  };
}

interface UserRow {
  id: string;
  aud: string;
  role: string;
  email: string;
  encrypted_password: string;
  email_confirmed_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

const API_VERSION = '2024-01-01';
const MIN_PASSWORD_LENGTH = 6;
// GoTrue accepts a just-rotated refresh token for a short while, so two tabs
// refreshing at once do not log each other out.
const REFRESH_REUSE_SECONDS = 10;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

function rateLimited(retryAfterSeconds: number): AuthError {
  // GoTrue's answer, which supabase-js reads as over_request_rate_limit.
  return new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {}, { 'Retry-After': String(Math.max(1, retryAfterSeconds)) });
}

function publicUser(user: UserRow) {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: user.email_confirmed_at?.toISOString() ?? null,
    phone: '',
    confirmed_at: user.email_confirmed_at?.toISOString() ?? null,
    last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    // GoTrue lists the email identity; supabase-js reads an empty list as
    // "this address is already registered".
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: { email: user.email, sub: user.id, email_verified: true },
        provider: 'email',
        email: user.email,
        created_at: user.created_at.toISOString(),
        updated_at: user.updated_at.toISOString(),
        last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
      },
    ],
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
    is_anonymous: false,
  };
}

function credentials(body: unknown): { email: string; password: string } {
  const record = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const email = typeof record.email === 'string' ? record.email.trim().toLowerCase() : '';
  const password = typeof record.password === 'string' ? record.password : '';
  if (!email || !password) {
    throw new AuthError(400, 'validation_failed', 'You must provide either an email or phone number and a password');
  }
  return { email, password };
}

export function createAuthService({
  pool,
  jwtSecret,
  issuer,
  accessTokenSeconds = 3600,
  requestRateLimit = DEFAULT_AUTH_RATE_LIMIT,
}: AuthServiceOptions) {
  const sql = poolRateLimitSql(pool);
  const loginLimiter = createPostgresRateLimiter(sql, LOGIN_FAILURE_RATE_RULE);
  const requestLimiter: RateLimiter | null =
    requestRateLimit > 0 ? createPostgresRateLimiter(sql, { name: 'auth', limit: requestRateLimit, windowSeconds: AUTH_RATE_WINDOW_SECONDS }) : null;
  /** Sign-ups and password logins from one address, counted together before any work. */
  async function countRequest(address: string): Promise<void> {
    const decision = await requestLimiter?.hit([`ip:${address}`]);
    if (decision && !decision.allowed) throw rateLimited(decision.retryAfterSeconds);
  }
  // An unknown email costs the same scrypt work as a wrong password, so timing does not tell them apart.
  const dummyHash = hashPassword(randomBytes(16).toString('base64url'));
  async function issueSession(user: UserRow, sessionId: string, parent: string | null) {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + accessTokenSeconds;
    const accessToken = signJwt(
      {
        iss: issuer,
        aud: user.aud,
        sub: user.id,
        email: user.email,
        phone: '',
        role: user.role,
        app_metadata: user.raw_app_meta_data,
        user_metadata: user.raw_user_meta_data,
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: now }],
        session_id: sessionId,
        is_anonymous: false,
        iat: now,
        exp: expiresAt,
      },
      jwtSecret,
    );
    const refreshToken = randomBytes(24).toString('base64url');
    await pool.query(
      'insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)',
      [refreshToken, user.id, sessionId, parent],
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: accessTokenSeconds,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: publicUser(user),
    };
  }

  async function findUserByEmail(email: string): Promise<UserRow | undefined> {
    const { rows } = await pool.query<UserRow>('select * from auth.users where email = $1', [email]);
    return rows[0];
  }

  async function findUserById(id: string): Promise<UserRow | undefined> {
    const { rows } = await pool.query<UserRow>('select * from auth.users where id = $1', [id]);
    return rows[0];
  }

  async function signup(body: unknown) {
    const { email, password } = credentials(body);
    if (!EMAIL_PATTERN.test(email) || email.length > 255) {
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`, {
        weak_password: { reasons: ['length'], message: `Password should be at least ${MIN_PASSWORD_LENGTH} characters.` },
      });
    }
    if (password.trim() === '') {
      throw new AuthError(422, 'weak_password', 'Password should contain characters other than spaces.', {
        weak_password: { reasons: ['characters'], message: 'Password should contain characters other than spaces.' },
      });
    }
    const metadata = (body as { data?: unknown }).data;
    const userMetadata = typeof metadata === 'object' && metadata !== null ? metadata : {};
    const passwordHash = await hashPassword(password);
    // Local backend: email confirmation is off, as in a default local Supabase.
    const { rows } = await pool.query<UserRow>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_user_meta_data)
       values ($1, $2, now(), now(), $3) on conflict (email) do nothing returning *`,
      [email, passwordHash, JSON.stringify(userMetadata)],
    );
    const user = rows[0];
    if (!user) throw new AuthError(422, 'user_already_exists', 'User already registered');
    return issueSession(user, randomUUID(), null);
  }

  async function passwordGrant(body: unknown, address: string) {
    const { email, password } = credentials(body);
    // No account has a longer address (sign-up refuses it), and it would not fit a rate-limit key.
    if (email.length > 255) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    // GoTrue-style 429 once too many attempts failed, before the password is even checked. Counted up
    // front (and forgotten on success) so a burst of parallel guesses cannot slip past the count.
    const limitKey = `${email}|${address}`;
    const limit = await loginLimiter.hit([limitKey]);
    if (!limit.allowed) throw rateLimited(limit.retryAfterSeconds);
    const user = await findUserByEmail(email);
    const valid = await verifyPassword(password, user?.encrypted_password ?? (await dummyHash));
    // The same answer whether the email is unknown or the password wrong.
    if (!user || !valid) {
      throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    }
    await loginLimiter.reset(limitKey);
    await pool.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
    return issueSession(user, randomUUID(), null);
  }

  async function refreshGrant(body: unknown) {
    const token = (body as { refresh_token?: unknown } | null)?.refresh_token;
    if (typeof token !== 'string' || token === '') {
      throw new AuthError(400, 'validation_failed', 'refresh_token required');
    }
    const { rows } = await pool.query<{ user_id: string; session_id: string; revoked: boolean; fresh: boolean }>(
      `update auth.refresh_tokens set revoked = true, updated_at = now()
       where token = $1 and (not revoked or updated_at > now() - make_interval(secs => $2))
       returning user_id, session_id, revoked, true as fresh`,
      [token, REFRESH_REUSE_SECONDS],
    );
    const row = rows[0];
    if (!row) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    // Re-read the user: app_metadata changes reach the token on refresh, as with GoTrue.
    const user = await findUserById(row.user_id);
    if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    return issueSession(user, row.session_id, token);
  }

  function bearerClaims(request: IncomingMessage) {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const claims = token ? verifyJwt(token, jwtSecret) : null;
    if (!claims || typeof claims.sub !== 'string') {
      throw new AuthError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token has invalid claims');
    }
    return claims as { sub: string; session_id?: unknown };
  }

  async function currentUser(request: IncomingMessage) {
    const claims = bearerClaims(request);
    const user = await findUserById(claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    return publicUser(user);
  }

  // Logout ends sessions outright (GoTrue deletes them), so no reuse window applies.
  async function logout(request: IncomingMessage, scope: string) {
    const claims = bearerClaims(request);
    if (scope === 'local' && typeof claims.session_id === 'string') {
      await pool.query('delete from auth.refresh_tokens where session_id = $1', [claims.session_id]);
    } else if (scope !== 'others') {
      await pool.query('delete from auth.refresh_tokens where user_id = $1', [claims.sub]);
    } else if (typeof claims.session_id === 'string') {
      await pool.query('delete from auth.refresh_tokens where user_id = $1 and session_id <> $2', [claims.sub, claims.session_id]);
    }
  }

  async function parseJson(request: IncomingMessage): Promise<unknown> {
    const raw = (await readBody(request, 64 * 1024)).toString('utf8');
    if (!raw) return {};
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON');
    }
  }

  /** Handles a request whose path (without /auth/v1) is `path`. */
  async function handle(request: IncomingMessage, response: ServerResponse, url: URL, path: string): Promise<void> {
    const headers = { 'X-Supabase-Api-Version': API_VERSION };
    try {
      const method = request.method ?? 'GET';
      // The connection's own address: a client cannot choose it (the gateway hands this request over as it came).
      const address = request.socket.remoteAddress ?? 'unknown';
      if (method === 'POST' && path === '/signup') {
        await countRequest(address);
        return sendJson(response, 200, await signup(await parseJson(request)), headers);
      }
      if (method === 'POST' && path === '/token') {
        const grant = url.searchParams.get('grant_type');
        if (grant === 'password') await countRequest(address);
        const body = await parseJson(request);
        if (grant === 'password') return sendJson(response, 200, await passwordGrant(body, address), headers);
        if (grant === 'refresh_token') return sendJson(response, 200, await refreshGrant(body), headers);
        throw new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type');
      }
      if (method === 'GET' && path === '/user') {
        return sendJson(response, 200, await currentUser(request), headers);
      }
      if (method === 'POST' && path === '/logout') {
        await logout(request, url.searchParams.get('scope') ?? 'global');
        response.writeHead(204, headers);
        response.end();
        return;
      }
      if (method === 'GET' && (path === '/settings' || path === '/health')) {
        return sendJson(response, 200, path === '/health'
          ? { name: 'GoTrue (local)', description: 'Kwiaciarnia local auth' }
          : { external: { email: true, phone: false }, disable_signup: false, mailer_autoconfirm: true }, headers);
      }
      throw new AuthError(404, 'not_found', 'Not found');
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return sendJson(response, 413, { code: 'request_too_large', error_code: 'request_too_large', msg: 'Request body too large' }, { ...headers, Connection: 'close' });
      }
      if (error instanceof AuthError) {
        return sendJson(
          response,
          error.status,
          { code: error.status === 429 ? 429 : error.code, error_code: error.code, msg: error.message, ...error.extra },
          { ...headers, ...error.headers },
        );
      }
      console.error('[auth] unexpected error', error);
      return sendJson(response, 500, { code: 'unexpected_failure', msg: 'Unexpected failure' }, headers);
    }
  }

  /** Creates (or updates the password of) an account; used for the local shop owner. */
  async function ensureUser(email: string, password: string): Promise<string> {
    const passwordHash = await hashPassword(password);
    const { rows } = await pool.query<{ id: string }>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, $2, now())
       on conflict (email) do update set encrypted_password = excluded.encrypted_password, updated_at = now()
       returning id`,
      [email.toLowerCase(), passwordHash],
    );
    return rows[0]!.id;
  }

  return { handle, ensureUser };
}
