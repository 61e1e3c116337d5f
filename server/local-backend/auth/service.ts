import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { createPostgresRateLimiter, type RateLimitSql, type RateLimiter } from '../../../src/domain/rate-limit.ts';
import type { PublicEcJwk, SigningKey, VerificationKeys } from '../keys/jwt.ts';
import { readRedirectAllowList } from './config.ts';
import { rateLimited } from './errors.ts';
import { createLinkMailer } from './links.ts';
import { hashPassword } from './passwords.ts';
import { FLOW_STATE_EXPIRY_SECONDS } from './pkce.ts';
import { createRecover, createVerify } from './recover-verify.ts';
import { redirectTarget, type AuthMailer } from './recovery.ts';
import { createAuthRouter } from './router.ts';
import { createSessionIssuer } from './sessions.ts';
import { localAuthSettings } from './settings-jwks.ts';
import { createSignup } from './signup.ts';
import { createPasswordGrant, createPkceGrant, createRefreshTokenGrant } from './token-grants.ts';
import { createUserEndpoints } from './user.ts';
import { ensureUser, findUserByEmail } from './users.ts';

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
 * This file only builds the endpoint groups with their dependencies (the
 * pool, keys, mailer, rate limiters, clock) and hands them to the router:
 * token-grants.ts, signup.ts, recover-verify.ts, user.ts, settings-jwks.ts.
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

/** Counts a hit per address; over the limit, GoTrue's 429. No limiter, no limit. */
function addressCounter(limiter: RateLimiter | null): (address: string) => Promise<void> {
  return async (address) => {
    const decision = await limiter?.hit([`ip:${address}`]);
    if (decision && !decision.allowed) throw rateLimited(decision.retryAfterSeconds);
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
  const now = Date.now;
  const sql = poolRateLimitSql(pool);
  const perAddress = (name: string): RateLimiter | null =>
    requestRateLimit > 0
      ? createPostgresRateLimiter(sql, { name, limit: requestRateLimit, windowSeconds: AUTH_RATE_WINDOW_SECONDS })
      : null;
  const sessions = createSessionIssuer({ signingKey, issuer, accessTokenSeconds, now });
  const mailLink = createLinkMailer({ mailer, siteUrl, mailRetryDelaysMs });
  const userEndpoints = createUserEndpoints({ db: pool, verificationKeys });
  const verify = createVerify({ db: pool, sessions, siteUrl, redirectAllowList });

  const handle = createAuthRouter({
    countRequest: addressCounter(perAddress('auth')),
    // Link verifications per address, like GoTrue's token_verifications (same size as the request limit).
    countVerification: addressCounter(perAddress('auth-verify')),
    redirectTo: (url, request) => redirectTarget(url.searchParams.get('redirect_to'), request.headers.referer, siteUrl, redirectAllowList),
    signup: createSignup({ db: pool, sessions, issuer, mailerAutoconfirm, mailLink, now }),
    grants: {
      password: createPasswordGrant({
        loginLimiter: createPostgresRateLimiter(sql, LOGIN_FAILURE_RATE_RULE),
        findUserByEmail: (email) => findUserByEmail(pool, email),
        signIn: (user) => sessions.signInNow(pool, user, 'password'),
        // An unknown email costs the same scrypt work as a wrong password, so timing does not tell them apart.
        dummyHash: hashPassword(randomBytes(16).toString('base64url')),
      }),
      refresh_token: createRefreshTokenGrant({ db: pool, sessions }),
      pkce: createPkceGrant({ db: pool, sessions, flowStateExpirySeconds }),
    },
    recover: createRecover({
      db: pool,
      issuer,
      recoveryMailLimiter: createPostgresRateLimiter(sql, RECOVERY_MAIL_RATE_RULE),
      mailLink,
    }),
    verifyLink: verify.verifyLink,
    verifyOtp: verify.verifyOtp,
    ...userEndpoints,
    settings: () => localAuthSettings(mailerAutoconfirm),
    jwks,
  });

  return { handle, ensureUser: (email: string, password: string) => ensureUser(pool, email, password) };
}
