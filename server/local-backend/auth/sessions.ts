import { randomBytes, randomUUID } from 'node:crypto';
import { signJwt, type SigningKey } from '../keys/jwt.ts';
import { publicUser, type Queryable, type UserRow } from './users.ts';

/**
 * Sessions are rows in auth.sessions; every access token names its session
 * (`session_id`). Access tokens are signed with the given key: ES256 with a
 * `kid` or the legacy HS256 secret.
 */
export interface SessionIssuerOptions {
  signingKey: SigningKey;
  /** The `iss` claim: the public auth URL the app uses (`<SUPABASE_URL>/auth/v1`). */
  issuer: string;
  accessTokenSeconds: number;
  /** Milliseconds since the epoch: when tokens are issued. */
  now?: () => number;
}

/** A grant's answer, as GoTrue's AccessTokenResponse. */
export interface SessionAnswer {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: ReturnType<typeof publicUser>;
}

export type SessionIssuer = ReturnType<typeof createSessionIssuer>;

export function createSessionIssuer({ signingKey, issuer, accessTokenSeconds, now = Date.now }: SessionIssuerOptions) {
  /**
   * A new session with its amr claim, as GoTrue names the sign-in method:
   * 'password', 'otp' for a mailed link's session, the flow's method
   * ('recovery', 'email/signup') for an exchanged PKCE code.
   */
  async function createSession(db: Queryable, userId: string, method: string): Promise<string> {
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
  async function sessionResponse(db: Queryable, user: UserRow, sessionId: string, refreshToken: string): Promise<SessionAnswer> {
    const issuedAt = Math.floor(now() / 1000);
    const expiresAt = issuedAt + accessTokenSeconds;
    const accessToken = signJwt(
      {
        aud: user.aud,
        exp: expiresAt,
        iat: issuedAt,
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

  /** A new session for the user, with its first refresh token. */
  async function signIn(db: Queryable, user: UserRow, method = 'password'): Promise<SessionAnswer> {
    const sessionId = await createSession(db, user.id, method);
    return sessionResponse(db, user, sessionId, await newRefreshToken(db, user, sessionId, null));
  }

  /** Records the sign-in on the user, then signs in: a password, a mailed link or an exchanged code. */
  async function signInNow(db: Queryable, user: UserRow, method: string): Promise<SessionAnswer> {
    await db.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
    return signIn(db, { ...user, last_sign_in_at: new Date(now()) }, method);
  }

  return { newRefreshToken, sessionResponse, signIn, signInNow };
}
