import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RateLimiter } from '../../../src/domain/rate-limit.ts';
import { AuthError } from './errors.ts';
import { linkToken, pkceParams, startFlow, verifyLinkUrl, type MailLink } from './links.ts';
import { PKCE_PREFIX, authenticationMethodOf } from './pkce.ts';
import { RECOVERY_TOKEN_SECONDS, hashRecoveryToken, redirectTarget } from './recovery.ts';
import type { SessionAnswer, SessionIssuer } from './sessions.ts';
import { EMAIL_PATTERN, asRecord, findUserByEmail, type Database, type UserRow } from './users.ts';

/** GoTrue's oauthErrorMap: the `error` of a redirect, by status. */
const OAUTH_ERRORS: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized_client',
  403: 'access_denied',
  500: 'server_error',
  503: 'temporarily_unavailable',
};

export interface RecoverDeps {
  db: Database;
  /** The public auth URL the mailed link points at. */
  issuer: string;
  /** Recovery mails per address. */
  recoveryMailLimiter: RateLimiter;
  mailLink: MailLink;
}

/**
 * GoTrue's POST /recover: the same empty answer whether or not an account
 * has the address; for an account, a new one-time link (replacing any
 * earlier one) goes out by mail. With a code challenge (the app's PKCE
 * flow) the link's token is a `pkce_` one and a flow state keeps the challenge.
 */
export function createRecover({ db, issuer, recoveryMailLimiter, mailLink }: RecoverDeps) {
  return async function recover(body: unknown, redirectTo: string): Promise<void> {
    const params = asRecord(body);
    const email = typeof params.email === 'string' ? params.email.trim().toLowerCase() : '';
    if (!email) throw new AuthError(400, 'validation_failed', 'Password recovery requires an email');
    if (!EMAIL_PATTERN.test(email) || email.length > 255) {
      throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
    }
    const pkce = pkceParams(params);
    // Counted for every address, known or not, so the answer never differs.
    const mailAllowed = (await recoveryMailLimiter.hit([email])).allowed;
    const user = await findUserByEmail(db, email);
    if (!user || !mailAllowed) return;
    const { token, hash } = linkToken(pkce);
    if (pkce) await startFlow(db, user.id, 'recovery', pkce);
    await db.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [user.id, hash]);
    mailLink('recovery', user.email, verifyLinkUrl(issuer, token, 'recovery', redirectTo), redirectTo);
  };
}

/** Where a link type's token lives (fixed column names, never from the request). */
function tokenColumns(type: string): { token: string; sentAt: string } {
  if (type === 'signup') return { token: 'confirmation_token', sentAt: 'confirmation_sent_at' };
  if (['recovery', 'magiclink', 'email'].includes(type)) return { token: 'recovery_token', sentAt: 'recovery_sent_at' };
  // The local auth sends no invite or email-change links, so none can be valid.
  if (['invite', 'email_change'].includes(type)) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
  throw new AuthError(400, 'validation_failed', 'Invalid email verification type');
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

export interface VerifyDeps {
  db: Database;
  sessions: SessionIssuer;
  /** GoTrue's SITE_URL and URI allow list: where a link may lead. */
  siteUrl: string;
  redirectAllowList: readonly string[];
}

export function createVerify({ db, sessions, siteUrl, redirectAllowList }: VerifyDeps) {
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
  ): Promise<{ kind: 'session'; session: SessionAnswer } | { kind: 'code'; code: string }> {
    const columns = tokenColumns(type);
    const flowMethod = answer === 'flow' && token.startsWith(PKCE_PREFIX) ? authenticationMethodOf(type) : null;
    const client = await db.connect();
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
      const session = await sessions.signInNow(client, user, 'otp');
      await client.query('commit');
      return { kind: 'session', session };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
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
  async function verifyOtp(body: unknown): Promise<SessionAnswer> {
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

  return { verifyLink, verifyOtp };
}
