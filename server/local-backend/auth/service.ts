import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type pg from 'pg';
import { createPostgresRateLimiter, type RateLimitSql, type RateLimiter } from '../../../src/domain/rate-limit.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  inspectJwt,
  signJwt,
  type JwtClaims,
  type JwtRejection,
  type PublicEcJwk,
  type SigningKey,
  type VerificationKeys,
} from '../keys/jwt.ts';
import { BodyTooLargeError, readBody, sendJson } from '../../http-helpers.ts';
import { readAuthMailTemplate, readRedirectAllowList, renderAuthMail, type AuthMailKind } from './config.ts';
import {
  RECOVERY_TOKEN_SECONDS,
  type AuthMailer,
  hashRecoveryToken,
  newRecoveryToken,
  redirectTarget,
  sendInBackground,
} from './recovery.ts';
import {
  FLOW_STATE_EXPIRY_SECONDS,
  PKCE_PREFIX,
  PkceParamsError,
  authenticationMethodOf,
  pkceMismatch,
  readPkceParams,
  type CodeChallengeMethod,
} from './pkce.ts';

/**
 * A GoTrue-compatible subset for /auth/v1, answering as GoTrue (supabase/auth)
 * does for what supabase-js uses: signup, the password and refresh-token
 * grants, GET/PUT /user, logout, settings, health and the JWKS, the
 * password reset and, when confirmations are on, the sign-up confirmation:
 * POST /recover or /signup mails a one-time link to GET /verify. A flow
 * started with a PKCE code challenge (the app's) comes back with `?code=`,
 * which only the browser holding the code verifier can exchange at
 * POST /token?grant_type=pkce; a flow without one gets GoTrue's implicit
 * answer, the session in the URL fragment. PUT /user sets the password.
 *
 * - Sessions are rows in auth.sessions; every access token names its session
 *   (`session_id`), and a token whose session is gone (logout, refresh-token
 *   reuse) gets 403 `session_not_found`.
 * - Refresh tokens rotate: the previous token of a session gets the current
 *   one back (two tabs refreshing at once do not fork or log each other out);
 *   an older one is `refresh_token_already_used` and ends the session.
 * - Access tokens are signed with the given key: ES256 with a `kid` (the
 *   public key served at /.well-known/jwks.json) or the legacy HS256 secret;
 *   both kinds are accepted on the way in.
 * - Errors: with `X-Supabase-Api-Version: 2024-01-01` (supabase-js sends it)
 *   `{code: "<error_code>", message}` and the header echoed; without it
 *   `{code: <status>, error_code, msg}`; `x-sb-error-code` in both.
 */

export interface AuthServiceOptions {
  pool: pg.Pool;
  /** How access tokens are signed (ES256 with a kid, or the legacy HS256 secret). */
  signingKey: SigningKey;
  /** Which tokens are accepted: the legacy secret and the EC public keys. */
  verificationKeys: VerificationKeys;
  /** The public keys served at /.well-known/jwks.json (GoTrue never lists an HS256 key there). */
  jwks: { keys: PublicEcJwk[] };
  /** The `iss` claim: the public auth URL the app uses (`<SUPABASE_URL>/auth/v1`). */
  issuer: string;
  accessTokenSeconds?: number;
  /**
   * Sign-ups and password logins per address per 5 minutes, together, like
   * hosted Supabase Auth's default (AUTH_RATE_LIMIT, default 30); 0 → none.
   */
  requestRateLimit?: number;
  /** GoTrue's SITE_URL: where auth links lead by default (the served app). */
  siteUrl?: string;
  /** Other allowed redirect targets (globs); default supabase/config.toml's additional_redirect_urls. */
  redirectAllowList?: readonly string[];
  /** Sends the recovery mail; null sends none (the link is still made, and logged). */
  mailer?: AuthMailer | null;
  /** Waits between mail attempts (tests shorten them). */
  mailRetryDelaysMs?: readonly number[];
  /**
   * GoTrue's MAILER_AUTOCONFIRM: true (default, as a local Supabase) signs a
   * new account in at once; false mails a confirmation link first and
   * refuses a password login until it is followed (`email_not_confirmed`).
   */
  mailerAutoconfirm?: boolean;
  /** GoTrue's FLOW_STATE_EXPIRY_DURATION: how long a PKCE flow may take, from its start. */
  flowStateExpirySeconds?: number;
}

/** GoTrue's SMTP max_frequency default: one confirmation mail per address a minute. */
export const CONFIRMATION_MAIL_INTERVAL_SECONDS = 60;

/** Failed password logins per email and address, forgotten on a successful one. */
export const LOGIN_FAILURE_RATE_RULE = { name: 'auth-login-failures', limit: 5, windowSeconds: 15 * 60 } as const;
export const DEFAULT_AUTH_RATE_LIMIT = 30;
export const AUTH_RATE_WINDOW_SECONDS = 5 * 60;
/**
 * Recovery mails per address: beyond it a request is answered as always but
 * mails nothing, so nobody can flood a mailbox nor tell accounts apart.
 */
export const RECOVERY_MAIL_RATE_RULE = { name: 'auth-recovery-mail', limit: 5, windowSeconds: 15 * 60 } as const;

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
  confirmation_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  created_at: Date;
  updated_at: Date;
}

interface AuthenticatedRequest {
  claims: JwtClaims & { sub: string };
  user: UserRow;
  /** The token's session, when it names one. */
  sessionId: string | null;
}

export const API_VERSION_HEADER = 'X-Supabase-Api-Version';
const API_VERSION_2024 = '2024-01-01';
const MIN_PASSWORD_LENGTH = 6;
/** GoTrue's default `aud` and request audience. */
const DEFAULT_AUDIENCE = 'authenticated';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const BEARER = /^bearer (\S+)$/i;
/** How GoTrue's JWT library words each refusal. */
const JWT_REJECTION_TEXT: Record<JwtRejection, string> = {
  malformed: 'token is malformed',
  algorithm: 'signing method is invalid',
  unknown_key: 'unrecognized JWT kid',
  signature: 'token signature is invalid',
  expired: 'token has invalid claims: token is expired',
  not_yet_valid: 'token has invalid claims: token is not valid yet',
};

/** GoTrue's oauthErrorMap: the `error` of a redirect, by status. */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Reasons of a weak_password error (GoTrue's `weak_password.reasons`). */
    readonly weakPasswordReasons?: string[],
  ) {
    super(message);
  }
}

function rateLimited(retryAfterSeconds: number): AuthError {
  // GoTrue's answer, which supabase-js reads as over_request_rate_limit.
  return new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', {
    'Retry-After': String(Math.max(1, retryAfterSeconds)),
  });
}

function weakPassword(reason: 'length' | 'characters', message: string): AuthError {
  return new AuthError(422, 'weak_password', message, {}, [reason]);
}

/** GoTrue's reading of the version header: a date on or after 2024-01-01 selects the 2024 error shape. */
function usesApiVersion2024(request: IncomingMessage): boolean {
  const value = request.headers[API_VERSION_HEADER.toLowerCase()];
  const text = Array.isArray(value) ? value[0] : value;
  if (!text || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text && text >= API_VERSION_2024;
}

/** GoTrue's error answer (internal/api/errors.go) for the request's API version. */
function sendAuthError(
  request: IncomingMessage,
  response: ServerResponse,
  error: AuthError,
  extraHeaders: Record<string, string> = {},
): void {
  const headers: Record<string, string> = { ...extraHeaders, ...error.headers };
  const weak = error.weakPasswordReasons ? { weak_password: { reasons: error.weakPasswordReasons } } : {};
  if (usesApiVersion2024(request)) {
    headers[API_VERSION_HEADER] = API_VERSION_2024;
    if (!error.weakPasswordReasons) headers['x-sb-error-code'] = error.code;
    sendJson(response, error.status, { code: error.code, message: error.message, ...weak }, headers);
  } else {
    headers['x-sb-error-code'] = error.code;
    sendJson(response, error.status, { code: error.status, error_code: error.code, msg: error.message, ...weak }, headers);
  }
}

function publicUser(user: UserRow) {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: user.email_confirmed_at?.toISOString() ?? null,
    phone: '',
    confirmation_sent_at: user.confirmation_sent_at?.toISOString() ?? undefined,
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
        identity_data: { email: user.email, sub: user.id, email_verified: user.email_confirmed_at !== null },
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

/**
 * GoTrue's sanitizeUser: the answer to signing up an address that already has
 * a confirmed account while confirmations are on. A made-up user, shaped as a
 * new unconfirmed one (apart from its empty identities), and no mail: the
 * sign-up form cannot tell whether the address has an account.
 */
function sanitizedUser(email: string, metadata: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: DEFAULT_AUDIENCE,
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: metadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

function asRecord(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

function credentials(body: unknown): { email: string; password: string } {
  const record = asRecord(body);
  const email = typeof record.email === 'string' ? record.email.trim().toLowerCase() : '';
  const password = typeof record.password === 'string' ? record.password : '';
  if (!email || !password) {
    throw new AuthError(400, 'validation_failed', 'You must provide either an email or phone number and a password');
  }
  return { email, password };
}

function checkPasswordStrength(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw weakPassword('length', `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (password.trim() === '') {
    throw weakPassword('characters', 'Password should contain characters other than spaces.');
  }
}

/** GoTrue's GET /settings for this project: email sign-ups only, confirmed at once unless confirmations are on. */
export function localAuthSettings(mailerAutoconfirm = true) {
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      facebook: false,
      snapchat: false,
      figma: false,
      fly: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin: false,
      linkedin_oidc: false,
      notion: false,
      spotify: false,
      slack: false,
      slack_oidc: false,
      workos: false,
      twitch: false,
      twitter: false,
      email: true,
      phone: false,
      zoom: false,
    },
    disable_signup: false,
    mailer_autoconfirm: mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}

export function createAuthService({
  pool,
  signingKey,
  verificationKeys,
  jwks,
  issuer,
  accessTokenSeconds = 3600,
  requestRateLimit = DEFAULT_AUTH_RATE_LIMIT,
  siteUrl = new URL(issuer).origin,
  redirectAllowList = readRedirectAllowList(),
  mailer = null,
  mailRetryDelaysMs,
  mailerAutoconfirm = true,
  flowStateExpirySeconds = FLOW_STATE_EXPIRY_SECONDS,
}: AuthServiceOptions) {
  const sql = poolRateLimitSql(pool);
  const loginLimiter = createPostgresRateLimiter(sql, LOGIN_FAILURE_RATE_RULE);
  const requestLimiter: RateLimiter | null =
    requestRateLimit > 0
      ? createPostgresRateLimiter(sql, { name: 'auth', limit: requestRateLimit, windowSeconds: AUTH_RATE_WINDOW_SECONDS })
      : null;
  // Link verifications per address, like GoTrue's token_verifications (same size as the request limit).
  const verifyLimiter: RateLimiter | null =
    requestRateLimit > 0
      ? createPostgresRateLimiter(sql, { name: 'auth-verify', limit: requestRateLimit, windowSeconds: AUTH_RATE_WINDOW_SECONDS })
      : null;
  const recoveryMailLimiter = createPostgresRateLimiter(sql, RECOVERY_MAIL_RATE_RULE);
  /** Sign-ups, password logins and reset requests from one address, counted together before any work. */
  async function countRequest(address: string): Promise<void> {
    const decision = await requestLimiter?.hit([`ip:${address}`]);
    if (decision && !decision.allowed) throw rateLimited(decision.retryAfterSeconds);
  }
  async function countVerification(address: string): Promise<void> {
    const decision = await verifyLimiter?.hit([`ip:${address}`]);
    if (decision && !decision.allowed) throw rateLimited(decision.retryAfterSeconds);
  }
  // An unknown email costs the same scrypt work as a wrong password, so timing does not tell them apart.
  const dummyHash = hashPassword(randomBytes(16).toString('base64url'));

  type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

  /**
   * A new session with its amr claim, as GoTrue names the sign-in method:
   * 'password', 'otp' for a mailed link's session, the flow's method
   * ('recovery', 'email/signup') for an exchanged PKCE code.
   */
  async function createSession(db: Queryable, userId: string, method = 'password'): Promise<string> {
    const sessionId = randomUUID();
    await db.query('insert into auth.sessions (id, user_id, aal) values ($1, $2, $3)', [sessionId, userId, 'aal1']);
    await db.query('insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1, $2)', [sessionId, method]);
    return sessionId;
  }

  /** amr as GoTrue computes it: the session's sign-in methods with when they happened, newest first. */
  async function sessionAmr(db: Queryable, sessionId: string): Promise<{ method: string; timestamp: number }[]> {
    const { rows } = await db.query<{ method: string; timestamp: string }>(
      `select authentication_method as method, extract(epoch from updated_at)::bigint as timestamp
       from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
      [sessionId],
    );
    return rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) }));
  }

  async function newRefreshToken(db: Queryable, user: UserRow, sessionId: string, parent: string | null): Promise<string> {
    const refreshToken = randomBytes(24).toString('base64url');
    await db.query('insert into auth.refresh_tokens (token, user_id, session_id, parent) values ($1, $2, $3, $4)', [
      refreshToken,
      user.id,
      sessionId,
      parent,
    ]);
    return refreshToken;
  }

  /** The grant's answer: a fresh access token for the session, with the given refresh token. */
  async function sessionResponse(db: Queryable, user: UserRow, sessionId: string, refreshToken: string) {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + accessTokenSeconds;
    const accessToken = signJwt(
      {
        aud: user.aud,
        exp: expiresAt,
        iat: now,
        iss: issuer,
        sub: user.id,
        email: user.email,
        phone: '',
        app_metadata: user.raw_app_meta_data,
        user_metadata: user.raw_user_meta_data,
        role: user.role,
        aal: 'aal1',
        amr: await sessionAmr(db, sessionId),
        session_id: sessionId,
        is_anonymous: false,
      },
      signingKey,
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

  async function signIn(user: UserRow, db: Queryable = pool, method = 'password') {
    const sessionId = await createSession(db, user.id, method);
    return sessionResponse(db, user, sessionId, await newRefreshToken(db, user, sessionId, null));
  }

  async function findUserByEmail(email: string): Promise<UserRow | undefined> {
    const { rows } = await pool.query<UserRow>('select * from auth.users where email = $1', [email]);
    return rows[0];
  }

  async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('select * from auth.users where id = $1', [id]);
    return rows[0];
  }

  /**
   * GoTrue's POST /signup. With autoconfirm the account is confirmed and
   * signed in at once. Without it the answer is the new, unconfirmed user
   * (no session) and a confirmation link goes out by mail; an address with a
   * confirmed account gets GoTrue's made-up user and no mail, one still
   * unconfirmed a new link (its password is left as it was: whoever signs up
   * again has not proved the address yet).
   */
  async function signup(body: unknown, redirectTo: string) {
    const { email, password } = credentials(body);
    if (!EMAIL_PATTERN.test(email) || email.length > 255) {
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    const pkce = pkceParams(asRecord(body));
    checkPasswordStrength(password);
    const metadata = asRecord(body).data;
    const userMetadata: Record<string, unknown> =
      typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) ? (metadata as Record<string, unknown>) : {};
    const passwordHash = await hashPassword(password);
    const { rows } = await pool.query<UserRow>(
      `insert into auth.users (email, encrypted_password, email_confirmed_at, last_sign_in_at, raw_user_meta_data)
       values ($1, $2, case when $4 then now() end, case when $4 then now() end, $3) on conflict (email) do nothing returning *`,
      [email, passwordHash, JSON.stringify(userMetadata), mailerAutoconfirm],
    );
    const created = rows[0];
    if (created && mailerAutoconfirm) return signIn(created);
    // GoTrue would confirm an existing unconfirmed account here without its password; the local auth refuses instead.
    if (!created && mailerAutoconfirm) throw new AuthError(422, 'user_already_exists', 'User already registered');
    const user = created ?? (await findUserByEmail(email));
    if (!user) throw new AuthError(500, 'unexpected_failure', 'Database error saving new user');
    if (user.email_confirmed_at) return sanitizedUser(email, userMetadata);
    return publicUser(await sendConfirmation(user, pkce, redirectTo));
  }

  function pkceParams(params: Record<string, unknown>): { challenge: string; method: CodeChallengeMethod } | null {
    try {
      return readPkceParams(params);
    } catch (error) {
      if (error instanceof PkceParamsError) throw new AuthError(400, 'validation_failed', error.message);
      throw error;
    }
  }

  /** GoTrue's generateFlowState for a mailed link: the challenge kept with a fresh auth code. */
  async function startFlow(db: Queryable, userId: string, method: string, pkce: { challenge: string; method: CodeChallengeMethod }) {
    await db.query(
      `insert into auth.flow_state (user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method)
       values ($1, $2, $3, $4, $5, $6)`,
      [userId, randomUUID(), pkce.method, pkce.challenge, method === 'email/signup' ? 'email' : method, method],
    );
  }

  /** A link's token: a `pkce_` one when the flow is PKCE, as GoTrue's addFlowPrefixToToken. */
  function linkToken(pkce: unknown): { token: string; hash: string } {
    const { token } = newRecoveryToken();
    const full = pkce ? `${PKCE_PREFIX}${token}` : token;
    return { token: full, hash: hashRecoveryToken(full) };
  }

  /** GoTrue's sendConfirmation: at most one a minute per address, a new link replacing the last. */
  async function sendConfirmation(user: UserRow, pkce: { challenge: string; method: CodeChallengeMethod } | null, redirectTo: string) {
    const sentAt = user.confirmation_sent_at?.getTime();
    if (sentAt !== undefined && Date.now() - sentAt < CONFIRMATION_MAIL_INTERVAL_SECONDS * 1000) {
      const wait = Math.ceil(CONFIRMATION_MAIL_INTERVAL_SECONDS - (Date.now() - sentAt) / 1000);
      throw new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${wait} seconds.`);
    }
    const { token, hash } = linkToken(pkce);
    if (pkce) await startFlow(pool, user.id, 'email/signup', pkce);
    const { rows } = await pool.query<UserRow>(
      'update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1 returning *',
      [user.id, hash],
    );
    const link = `${issuer}/verify?${new URLSearchParams({ token, type: 'signup', redirect_to: redirectTo }).toString()}`;
    mailLink('confirmation', user.email, link, redirectTo);
    return rows[0] ?? user;
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
    // As GoTrue: said only to whoever knows the password.
    if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    await pool.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
    return signIn({ ...user, last_sign_in_at: new Date() });
  }

  /**
   * GoTrue's refresh_token grant (internal/tokens/service.go), in one
   * transaction with the session row locked, so concurrent refreshes of one
   * session queue up instead of forking it:
   * - a live token is revoked and replaced by a new one (its child);
   * - the previous token (the current one's parent) gets the current one back;
   * - any other revoked token is reuse: `refresh_token_already_used`, and the
   *   session ends with all its tokens (GoTrue would still swap an older token
   *   inside its 10 s reuse interval, forking the session; here it never forks).
   */
  async function refreshGrant(body: unknown) {
    const token = asRecord(body).refresh_token;
    if (typeof token !== 'string' || token.length < 12) {
      throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');
    }
    const client = await pool.connect();
    let open = false;
    try {
      await client.query('begin');
      open = true;
      const { rows } = await client.query<{ user_id: string; session_id: string; revoked: boolean }>(
        `select t.user_id, t.session_id, t.revoked from auth.refresh_tokens t
         join auth.sessions s on s.id = t.session_id
         where t.token = $1 for update of s, t`,
        [token],
      );
      const row = rows[0];
      // Re-read the user: app_metadata changes reach the token on refresh, as with GoTrue.
      const user = row ? await findUserById(client, row.user_id) : undefined;
      if (!row || !user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
      let issued: string;
      if (!row.revoked) {
        await client.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [token]);
        issued = await newRefreshToken(client, user, row.session_id, token);
      } else {
        const active = await client.query<{ token: string; parent: string | null }>(
          'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
          [row.session_id],
        );
        const current = active.rows[0];
        if (!current || current.parent !== token) {
          // Reuse of an older token: someone else may hold the chain, so it ends here for everyone.
          await client.query('delete from auth.sessions where id = $1', [row.session_id]);
          await client.query('commit');
          open = false;
          throw new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
        }
        // The client did not keep the answer of its last refresh (or another tab refreshed first): the current token, no fork.
        issued = current.token;
      }
      await client.query("update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1", [
        row.session_id,
      ]);
      const answer = await sessionResponse(client, user, row.session_id, issued);
      await client.query('commit');
      open = false;
      return answer;
    } finally {
      if (open) await client.query('rollback').catch(() => undefined);
      client.release();
    }
  }

  /** GoTrue's requireAuthentication: a bearer token, valid, for an existing user and session. */
  async function authenticate(request: IncomingMessage): Promise<AuthenticatedRequest> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const result = inspectJwt(match[1]!, verificationKeys);
    if (!result.ok)
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${JWT_REJECTION_TEXT[result.reason]}`);
    const claims = result.claims;
    if (typeof claims.sub !== 'string' || claims.sub === '') throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID_PATTERN.test(claims.sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await findUserById(pool, claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    let sessionId: string | null = null;
    const claimed = claims.session_id;
    if (typeof claimed === 'string' && claimed !== '' && claimed !== NIL_UUID) {
      if (!UUID_PATTERN.test(claimed)) throw new AuthError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
      const { rowCount } = await pool.query('select 1 from auth.sessions where id = $1', [claimed]);
      if (!rowCount) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
      sessionId = claimed;
    }
    return { claims: claims as JwtClaims & { sub: string }, user, sessionId };
  }

  async function getUser(request: IncomingMessage) {
    const { claims, user } = await authenticate(request);
    const audience = Array.isArray(claims.aud) ? (claims.aud as unknown[])[0] : claims.aud;
    const requested = request.headers['x-jwt-aud'];
    if (audience !== (typeof requested === 'string' && requested ? requested : DEFAULT_AUDIENCE)) {
      throw new AuthError(400, 'validation_failed', "Token audience doesn't match request audience");
    }
    return publicUser(user);
  }

  /**
   * PUT /user as GoTrue: new password (refused when weak or unchanged; the
   * user's other sessions end) and user_metadata (`data`, merged; a null
   * value removes a key). app_metadata needs an admin. Email and phone
   * changes need mail / SMS, which the local auth does not send.
   */
  async function updateUser({ user, sessionId }: AuthenticatedRequest, body: unknown) {
    const params = asRecord(body);
    if (params.app_metadata !== undefined && params.app_metadata !== null) {
      throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges');
    }
    const email = typeof params.email === 'string' ? params.email.trim().toLowerCase() : '';
    if (email && email !== user.email) {
      throw new AuthError(
        422,
        'validation_failed',
        'Changing the email address needs a confirmation mail, which the local auth does not send.',
      );
    }
    if (typeof params.phone === 'string' && params.phone !== '') {
      throw new AuthError(422, 'phone_provider_disabled', 'Phone is not enabled in the local auth.');
    }
    const password = params.password;
    if (password !== undefined && password !== null && typeof password !== 'string') {
      throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: password must be a string');
    }
    const data = params.data;
    if (data !== undefined && data !== null && (typeof data !== 'object' || Array.isArray(data))) {
      throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: data must be an object');
    }

    let passwordHash: string | null = null;
    if (typeof password === 'string' && password !== '') {
      checkPasswordStrength(password);
      if (await verifyPassword(password, user.encrypted_password)) {
        throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
      }
      passwordHash = await hashPassword(password);
    }

    const client = await pool.connect();
    try {
      await client.query('begin');
      if (passwordHash !== null) {
        // GoTrue: a new password also voids any reset link still out there.
        await client.query(
          'update auth.users set encrypted_password = $2, recovery_token = null, recovery_sent_at = null, updated_at = now() where id = $1',
          [user.id, passwordHash],
        );
        // GoTrue: whoever else was signed in with the old password signs in again.
        if (sessionId) await client.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
        else await client.query('delete from auth.sessions where user_id = $1', [user.id]);
      }
      if (data && typeof data === 'object') {
        const merged: Record<string, unknown> = { ...user.raw_user_meta_data };
        for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
          if (value === null) delete merged[key];
          else merged[key] = value;
        }
        await client.query('update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1', [
          user.id,
          JSON.stringify(merged),
        ]);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
    return publicUser((await findUserById(pool, user.id)) ?? user);
  }

  // Logout ends sessions outright (GoTrue deletes them, their refresh tokens with them).
  async function logout(request: IncomingMessage, scope: string | null) {
    const { user, sessionId } = await authenticate(request);
    if (scope !== null && !['', 'global', 'local', 'others'].includes(scope)) {
      throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    if (sessionId && scope === 'local') {
      await pool.query('delete from auth.sessions where id = $1', [sessionId]);
    } else if (sessionId && scope === 'others') {
      await pool.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    } else {
      await pool.query('delete from auth.sessions where user_id = $1', [user.id]);
    }
  }

  /** Mails a link in the background: the request never waits for, nor fails on, the mail server. */
  function mailLink(kind: AuthMailKind, email: string, link: string, redirectTo: string): void {
    if (!mailer) {
      console.warn(`[auth] no mailer configured; the ${kind} link for ${email} is ${link}`);
      return;
    }
    let message;
    try {
      message = renderAuthMail(readAuthMailTemplate(kind), email, {
        ConfirmationURL: link,
        Email: email,
        SiteURL: siteUrl,
        RedirectTo: redirectTo,
      });
    } catch (error) {
      console.error(`[auth] the ${kind} mail template cannot be used`, error);
      return;
    }
    void sendInBackground(mailer, message, mailRetryDelaysMs ? { delaysMs: mailRetryDelaysMs } : {});
  }

  /**
   * GoTrue's POST /recover: the same empty answer whether or not an account
   * has the address; for an account, a new one-time link (replacing any
   * earlier one) goes out by mail. With a code challenge (the app's PKCE
   * flow) the link's token is a `pkce_` one and a flow state keeps the challenge.
   */
  async function recover(body: unknown, redirectTo: string): Promise<void> {
    const params = asRecord(body);
    const email = typeof params.email === 'string' ? params.email.trim().toLowerCase() : '';
    if (!email) throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
    if (!EMAIL_PATTERN.test(email) || email.length > 255) {
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    const pkce = pkceParams(params);
    // Counted for every address, known or not, so the answer never differs.
    const mailAllowed = (await recoveryMailLimiter.hit([email])).allowed;
    const user = await findUserByEmail(email);
    if (!user || !mailAllowed) return;
    const { token, hash } = linkToken(pkce);
    if (pkce) await startFlow(pool, user.id, 'recovery', pkce);
    await pool.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [user.id, hash]);
    const link = `${issuer}/verify?${new URLSearchParams({ token, type: 'recovery', redirect_to: redirectTo }).toString()}`;
    mailLink('recovery', user.email, link, redirectTo);
  }

  /** Where a link type's token lives (fixed column names, never from the request). */
  function tokenColumns(type: string): { token: string; sentAt: string } {
    if (type === 'signup') return { token: 'confirmation_token', sentAt: 'confirmation_sent_at' };
    if (['recovery', 'magiclink', 'email'].includes(type)) return { token: 'recovery_token', sentAt: 'recovery_sent_at' };
    // The local auth sends no invite or email-change links, so none can be valid.
    if (['invite', 'email_change'].includes(type)) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
    throw new AuthError(400, 'validation_failed', 'Invalid email verification type');
  }

  /**
   * GoTrue's verifyTokenHash + signupVerify/recoverVerify for a mailed link,
   * in one transaction: the token is used up, the address counts as
   * confirmed, and then either a new session signs the customer in ('otp' in
   * amr: GoTrue's implicit flow and POST /verify) or, for a `pkce_` token
   * followed from the mail, the flow's auth code is handed out. A PKCE link
   * whose flow state is gone fails as a whole, the token left unused.
   */
  async function redeemLinkToken(
    type: string,
    token: string,
    answer: 'flow' | 'session',
  ): Promise<{ kind: 'session'; session: Awaited<ReturnType<typeof signIn>> } | { kind: 'code'; code: string }> {
    const columns = tokenColumns(type);
    const flowMethod = answer === 'flow' && token.startsWith(PKCE_PREFIX) ? authenticationMethodOf(type) : null;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<UserRow>(
        `update auth.users
           set ${columns.token} = null, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
         where ${columns.token} = $1 and ${columns.sentAt} > now() - make_interval(secs => $2)
         returning *`,
        [hashRecoveryToken(token), RECOVERY_TOKEN_SECONDS],
      );
      const user = rows[0];
      if (!user) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
      if (flowMethod) {
        // GoTrue's issueAuthCode: the user's newest flow of this kind.
        const flow = await client.query<{ id: string; auth_code: string }>(
          `select id, auth_code from auth.flow_state where user_id = $1 and authentication_method = $2
           order by created_at desc limit 1`,
          [user.id, flowMethod],
        );
        const state = flow.rows[0];
        if (!state) {
          throw new AuthError(400, 'flow_state_not_found', 'No associated flow state found. No valid flow state found for user.');
        }
        await client.query('update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1', [state.id]);
        await client.query('commit');
        return { kind: 'code', code: state.auth_code };
      }
      await client.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
      const session = await signIn({ ...user, last_sign_in_at: new Date() }, client, 'otp');
      await client.query('commit');
      return { kind: 'session', session };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** GoTrue's redirect after a link: the session (or the error) in the fragment, which supabase-js reads. */
  function verifyRedirect(redirectTo: string, fragment: Record<string, string>): string {
    const encoded = new URLSearchParams(Object.entries({ ...fragment, sb: '' }).sort(([a], [b]) => a.localeCompare(b))).toString();
    return `${redirectTo.split('#')[0]}#${encoded}`;
  }

  /** redirect_to with these query parameters set (GoTrue's prepPKCERedirectURL and the query half of its PKCE errors). */
  function withQuery(redirectTo: string, params: Record<string, string>): string {
    const url = new URL(redirectTo);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    url.hash = '';
    return url.toString();
  }

  /**
   * GET /verify (the link in the mail): verifies and redirects with 303, as
   * GoTrue's verifyGet. A `pkce_` token comes back with `?code=`; any other
   * with the session in the fragment. Errors go in the fragment, and for a
   * PKCE link in the query too.
   */
  async function verifyLink(url: URL, request: IncomingMessage, response: ServerResponse): Promise<void> {
    const type = url.searchParams.get('type') ?? '';
    const token = url.searchParams.get('token') ?? '';
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    if (!token) throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
    const redirectTo = redirectTarget(url.searchParams.get('redirect_to'), request.headers.referer, siteUrl, redirectAllowList);
    const pkce = token.startsWith(PKCE_PREFIX);
    let location: string;
    try {
      const redeemed = await redeemLinkToken(type, token, 'flow');
      if (redeemed.kind === 'code') {
        location = withQuery(redirectTo, { code: redeemed.code });
      } else {
        const { session } = redeemed;
        location = verifyRedirect(redirectTo, {
          access_token: session.access_token,
          expires_at: String(session.expires_at),
          expires_in: String(session.expires_in),
          refresh_token: session.refresh_token,
          token_type: session.token_type,
          type,
        });
      }
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const oauthError = OAUTH_ERRORS[error.status];
      const fields = { ...(oauthError ? { error: oauthError } : {}), error_code: error.code, error_description: error.message };
      location = verifyRedirect(pkce ? withQuery(redirectTo, fields) : redirectTo, fields);
    }
    response.writeHead(303, { Location: location });
    response.end();
  }

  /** POST /verify (supabase-js verifyOtp): with a token_hash, the session as JSON. */
  async function verifyOtp(body: unknown) {
    const params = asRecord(body);
    const type = typeof params.type === 'string' ? params.type : '';
    const tokenHash = typeof params.token_hash === 'string' ? params.token_hash : '';
    const token = typeof params.token === 'string' ? params.token : '';
    if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    if ((token === '') === (tokenHash === '')) {
      throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
    }
    // The local auth mails links only, never a code to type: a code cannot match.
    if (token) throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
    const redeemed = await redeemLinkToken(type, tokenHash, 'session');
    if (redeemed.kind !== 'session') throw new AuthError(500, 'unexpected_failure', 'Unexpected failure');
    return redeemed.session;
  }

  /**
   * GoTrue's POST /token?grant_type=pkce: the auth code from a link and the
   * verifier its challenge was made from. The code is unknown (404
   * flow_state_not_found), its flow too old (422 flow_state_expired: counted
   * from the flow's start, or for a magic link from the code's issue), or the
   * verifier wrong (400 bad_code_verifier, the code left as it was); else the
   * flow state is deleted with the session's creation, so a code works once.
   */
  async function pkceGrant(body: unknown) {
    const params = asRecord(body);
    const authCode = typeof params.auth_code === 'string' ? params.auth_code : '';
    const codeVerifier = typeof params.code_verifier === 'string' ? params.code_verifier : '';
    if (!authCode || !codeVerifier) {
      throw new AuthError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
    }
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{
        id: string;
        user_id: string | null;
        code_challenge: string;
        code_challenge_method: string;
        authentication_method: string;
        expired: boolean;
      }>(
        `select id, user_id, code_challenge, code_challenge_method, authentication_method,
                coalesce(case when authentication_method = 'magiclink' then auth_code_issued_at end, created_at)
                  < now() - make_interval(secs => $2) as expired
         from auth.flow_state where auth_code = $1 for update`,
        [authCode, flowStateExpirySeconds],
      );
      const flow = rows[0];
      if (!flow?.user_id) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      if (flow.expired) throw new AuthError(422, 'flow_state_expired', 'invalid flow state, flow state has expired');
      const user = await findUserById(client, flow.user_id);
      if (!user) throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
      const mismatch = pkceMismatch(flow.code_challenge, flow.code_challenge_method, codeVerifier);
      if (mismatch) throw new AuthError(400, 'bad_code_verifier', mismatch);
      await client.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
      const session = await signIn({ ...user, last_sign_in_at: new Date() }, client, flow.authentication_method);
      await client.query('delete from auth.flow_state where id = $1', [flow.id]);
      await client.query('commit');
      return session;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
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
    try {
      const method = request.method ?? 'GET';
      // The connection's own address: a client cannot choose it (the gateway hands this request over as it came).
      const address = request.socket.remoteAddress ?? 'unknown';
      if (method === 'POST' && path === '/signup') {
        await countRequest(address);
        const redirectTo = redirectTarget(url.searchParams.get('redirect_to'), request.headers.referer, siteUrl, redirectAllowList);
        return sendJson(response, 200, await signup(await parseJson(request), redirectTo));
      }
      if (method === 'POST' && path === '/token') {
        const grant = url.searchParams.get('grant_type');
        if (grant === 'password') await countRequest(address);
        const body = await parseJson(request);
        if (grant === 'password') return sendJson(response, 200, await passwordGrant(body, address));
        if (grant === 'refresh_token') return sendJson(response, 200, await refreshGrant(body));
        if (grant === 'pkce') return sendJson(response, 200, await pkceGrant(body));
        throw new AuthError(400, 'invalid_credentials', 'unsupported_grant_type');
      }
      if (method === 'POST' && path === '/recover') {
        await countRequest(address);
        const redirectTo = redirectTarget(url.searchParams.get('redirect_to'), request.headers.referer, siteUrl, redirectAllowList);
        await recover(await parseJson(request), redirectTo);
        return sendJson(response, 200, {});
      }
      if (method === 'GET' && path === '/verify') {
        await countVerification(address);
        return await verifyLink(url, request, response);
      }
      if (method === 'POST' && path === '/verify') {
        await countVerification(address);
        return sendJson(response, 200, await verifyOtp(await parseJson(request)));
      }
      if (method === 'GET' && path === '/user') {
        return sendJson(response, 200, await getUser(request));
      }
      if (method === 'PUT' && path === '/user') {
        // Authentication first, as GoTrue's middleware: no body is read for a caller without a valid token.
        const caller = await authenticate(request);
        return sendJson(response, 200, await updateUser(caller, await parseJson(request)));
      }
      if (method === 'POST' && path === '/logout') {
        await logout(request, url.searchParams.get('scope'));
        response.writeHead(204);
        response.end();
        return;
      }
      if (method === 'GET' && path === '/settings') {
        return sendJson(response, 200, localAuthSettings(mailerAutoconfirm));
      }
      if (method === 'GET' && path === '/health') {
        return sendJson(response, 200, {
          version: 'local',
          name: 'GoTrue',
          description: 'GoTrue is a user registration and authentication API',
        });
      }
      if (method === 'GET' && path === '/.well-known/jwks.json') {
        return sendJson(response, 200, { keys: jwks.keys }, { 'Cache-Control': 'public, max-age=600' });
      }
      throw new AuthError(404, 'not_found', 'Not found');
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        return sendAuthError(request, response, new AuthError(413, 'request_too_large', 'Request body too large'), { Connection: 'close' });
      }
      if (error instanceof AuthError) return sendAuthError(request, response, error);
      console.error('[auth] unexpected error', error);
      return sendAuthError(
        request,
        response,
        new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
      );
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
