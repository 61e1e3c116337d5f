import type { RateLimiter } from '../../../src/domain/rate-limit.ts';
import { AuthError, rateLimited } from './errors.ts';
import { verifyPassword } from './passwords.ts';
import { pkceMismatch } from './pkce.ts';
import type { SessionAnswer, SessionIssuer } from './sessions.ts';
import { asRecord, credentials, findUserById, type Database, type UserRow } from './users.ts';

/** GoTrue's POST /token grants, one factory each, so each can be built and tested alone. */

export interface PasswordGrantDeps {
  /** Failed logins per email and address, forgotten on a successful one. */
  loginLimiter: RateLimiter;
  findUserByEmail(email: string): Promise<UserRow | undefined>;
  /** Records the sign-in and opens a session ('password' in amr). */
  signIn(user: UserRow): Promise<SessionAnswer>;
  /** Checked against when the email is unknown, so timing does not tell an unknown email from a wrong password. */
  dummyHash: Promise<string>;
}

export function createPasswordGrant({ loginLimiter, findUserByEmail, signIn, dummyHash }: PasswordGrantDeps) {
  return async function passwordGrant(body: unknown, address: string): Promise<SessionAnswer> {
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
    return signIn(user);
  };
}

export interface TransactionalGrantDeps {
  db: Database;
  sessions: SessionIssuer;
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
export function createRefreshTokenGrant({ db, sessions }: TransactionalGrantDeps) {
  return async function refreshGrant(body: unknown): Promise<SessionAnswer> {
    const token = asRecord(body).refresh_token;
    if (typeof token !== 'string' || token.length < 12) {
      throw new AuthError(400, 'validation_failed', 'Refresh token is not valid');
    }
    const client = await db.connect();
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
        issued = await sessions.newRefreshToken(client, user, row.session_id, token);
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
      const answer = await sessions.sessionResponse(client, user, row.session_id, issued);
      await client.query('commit');
      open = false;
      return answer;
    } finally {
      if (open) await client.query('rollback').catch(() => undefined);
      client.release();
    }
  };
}

export interface PkceGrantDeps extends TransactionalGrantDeps {
  /** GoTrue's FLOW_STATE_EXPIRY_DURATION: how long a PKCE flow may take, from its start. */
  flowStateExpirySeconds: number;
}

/**
 * GoTrue's POST /token?grant_type=pkce: the auth code from a link and the
 * verifier its challenge was made from. The code is unknown (404
 * flow_state_not_found), its flow too old (422 flow_state_expired: counted
 * from the flow's start, or for a magic link from the code's issue), or the
 * verifier wrong (400 bad_code_verifier, the code left as it was); else the
 * flow state is deleted with the session's creation, so a code works once.
 */
export function createPkceGrant({ db, sessions, flowStateExpirySeconds }: PkceGrantDeps) {
  return async function pkceGrant(body: unknown): Promise<SessionAnswer> {
    const params = asRecord(body);
    const authCode = typeof params.auth_code === 'string' ? params.auth_code : '';
    const codeVerifier = typeof params.code_verifier === 'string' ? params.code_verifier : '';
    if (!authCode || !codeVerifier) {
      throw new AuthError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
    }
    const client = await db.connect();
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
      const session = await sessions.signInNow(client, user, flow.authentication_method);
      await client.query('delete from auth.flow_state where id = $1', [flow.id]);
      await client.query('commit');
      return session;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  };
}
