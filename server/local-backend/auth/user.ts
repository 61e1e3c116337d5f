import type { IncomingMessage } from 'node:http';
import { inspectJwt, type JwtClaims, type JwtRejection, type VerificationKeys } from '../keys/jwt.ts';
import { AuthError } from './errors.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { DEFAULT_AUDIENCE, asRecord, checkPasswordStrength, findUserById, publicUser, type Database, type UserRow } from './users.ts';

/** GET/PUT /user and POST /logout: what a signed-in caller does with its own account and sessions. */

export interface AuthenticatedRequest {
  claims: JwtClaims & { sub: string };
  user: UserRow;
  /** The token's session, when it names one. */
  sessionId: string | null;
}

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

export interface UserEndpointDeps {
  db: Database;
  /** Which tokens are accepted: the legacy secret and the EC public keys. */
  verificationKeys: VerificationKeys;
}

export function createUserEndpoints({ db, verificationKeys }: UserEndpointDeps) {
  /**
   * GoTrue's requireAuthentication: a bearer token, valid, for an existing
   * user and session; a token whose session is gone (logout, refresh-token
   * reuse) gets 403 `session_not_found`.
   */
  async function authenticate(request: IncomingMessage): Promise<AuthenticatedRequest> {
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token');
    const result = inspectJwt(match[1]!, verificationKeys);
    if (!result.ok)
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${JWT_REJECTION_TEXT[result.reason]}`);
    const claims = result.claims;
    if (typeof claims.sub !== 'string' || claims.sub === '') throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
    if (!UUID_PATTERN.test(claims.sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
    const user = await findUserById(db, claims.sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    let sessionId: string | null = null;
    const claimed = claims.session_id;
    if (typeof claimed === 'string' && claimed !== '' && claimed !== NIL_UUID) {
      if (!UUID_PATTERN.test(claimed)) throw new AuthError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID');
      const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [claimed]);
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

    const client = await db.connect();
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
    return publicUser((await findUserById(db, user.id)) ?? user);
  }

  // Logout ends sessions outright (GoTrue deletes them, their refresh tokens with them).
  async function logout(request: IncomingMessage, scope: string | null): Promise<void> {
    const { user, sessionId } = await authenticate(request);
    if (scope !== null && !['', 'global', 'local', 'others'].includes(scope)) {
      throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
    }
    if (sessionId && scope === 'local') {
      await db.query('delete from auth.sessions where id = $1', [sessionId]);
    } else if (sessionId && scope === 'others') {
      await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [user.id, sessionId]);
    } else {
      await db.query('delete from auth.sessions where user_id = $1', [user.id]);
    }
  }

  return { authenticate, getUser, updateUser, logout };
}
