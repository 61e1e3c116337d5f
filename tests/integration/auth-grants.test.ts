import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFlow } from '../../server/local-backend/auth/links.ts';
import { s256CodeChallenge } from '../../server/local-backend/auth/pkce.ts';
import { createSessionIssuer, type SessionAnswer } from '../../server/local-backend/auth/sessions.ts';
import { createPkceGrant, createRefreshTokenGrant } from '../../server/local-backend/auth/token-grants.ts';
import { ensureUser, findUserById, type UserRow } from '../../server/local-backend/auth/users.ts';
import { inspectJwt } from '../../server/local-backend/keys/jwt.ts';
import { testBackend, uniqueEmail } from '../support/test-backend.ts';

/**
 * The refresh_token and pkce grants built alone, each from its own module,
 * over the test backend's PostgreSQL (the auth schema and its row locks are
 * the point) but with a key and a clock of the test's own, without the HTTP
 * service around them.
 */

const SECRET = randomBytes(32).toString('base64url');
const NOW = Date.parse('2026-11-28T12:00:00Z');
const issuer = 'http://auth.test/auth/v1';

let pool: pg.Pool;
const sessions = createSessionIssuer({ signingKey: { alg: 'HS256', secret: SECRET }, issuer, accessTokenSeconds: 600, now: () => NOW });

beforeAll(() => {
  pool = new pg.Pool({ connectionString: testBackend().databaseUrl, max: 4 });
});
afterAll(async () => {
  await pool.end();
});

async function newUser(): Promise<UserRow> {
  const id = await ensureUser(pool, uniqueEmail('grant'), 'haslo-123456');
  return (await findUserById(pool, id))!;
}

function claimsOf(session: SessionAnswer): Record<string, unknown> {
  const result = inspectJwt(session.access_token, SECRET, Math.floor(NOW / 1000));
  if (!result.ok) throw new Error(`the access token does not verify: ${result.reason}`);
  return result.claims;
}

describe('refresh_token grant', () => {
  const refresh = () => createRefreshTokenGrant({ db: pool, sessions });

  it('rotates a live token, hands the current one back for the previous token, and ends the session on older reuse', async () => {
    const grant = refresh();
    const user = await newUser();
    const first = await sessions.signIn(pool, user);
    const sessionId = claimsOf(first).session_id;

    const second = await grant({ refresh_token: first.refresh_token });
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(claimsOf(second)).toMatchObject({ session_id: sessionId, sub: user.id, iat: NOW / 1000, exp: NOW / 1000 + 600, iss: issuer });
    expect(second).toMatchObject({ token_type: 'bearer', expires_in: 600, expires_at: NOW / 1000 + 600 });

    // The previous token (a tab that missed the answer) gets the current token back: no fork.
    const again = await grant({ refresh_token: first.refresh_token });
    expect(again.refresh_token).toBe(second.refresh_token);
    expect(claimsOf(again).session_id).toBe(sessionId);

    const third = await grant({ refresh_token: second.refresh_token });
    expect(third.refresh_token).not.toBe(second.refresh_token);

    // The first token is now two behind: reuse, and the session ends for every holder.
    await expect(grant({ refresh_token: first.refresh_token })).rejects.toMatchObject({
      status: 400,
      code: 'refresh_token_already_used',
    });
    const { rowCount } = await pool.query('select 1 from auth.sessions where id = $1', [sessionId]);
    expect(rowCount).toBe(0);
    await expect(grant({ refresh_token: third.refresh_token })).rejects.toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
    });
  });

  it('serialises two refreshes of one token into one rotation', async () => {
    const grant = refresh();
    const first = await sessions.signIn(pool, await newUser());
    const [a, b] = await Promise.all([grant({ refresh_token: first.refresh_token }), grant({ refresh_token: first.refresh_token })]);
    expect(a.refresh_token).toBe(b.refresh_token);
    const { rows } = await pool.query<{ live: string }>(
      'select count(*) filter (where not revoked) as live from auth.refresh_tokens where session_id = $1',
      [claimsOf(first).session_id],
    );
    expect(Number(rows[0]!.live)).toBe(1);
  });

  it('refuses a missing, short or unknown token', async () => {
    const grant = refresh();
    await expect(grant({})).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    await expect(grant({ refresh_token: 'short' })).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    await expect(grant({ refresh_token: randomBytes(24).toString('base64url') })).rejects.toMatchObject({
      status: 400,
      code: 'refresh_token_not_found',
    });
  });
});

describe('pkce grant', () => {
  const verifier = randomBytes(48).toString('base64url');

  /** A recovery flow for a new user, as POST /recover with a code challenge starts it; its auth code. */
  async function recoveryFlow(): Promise<{ user: UserRow; code: string }> {
    const user = await newUser();
    await startFlow(pool, user.id, 'recovery', { challenge: s256CodeChallenge(verifier), method: 's256' });
    const { rows } = await pool.query<{ auth_code: string }>('select auth_code from auth.flow_state where user_id = $1', [user.id]);
    return { user, code: rows[0]!.auth_code };
  }

  it('exchanges a code once, for the verifier only, into a session named after the flow', async () => {
    const grant = createPkceGrant({ db: pool, sessions, flowStateExpirySeconds: 300 });
    const { user, code } = await recoveryFlow();
    await expect(grant({ auth_code: code, code_verifier: `${verifier}x` })).rejects.toMatchObject({
      status: 400,
      code: 'bad_code_verifier',
    });
    const session = await grant({ auth_code: code, code_verifier: verifier });
    expect(claimsOf(session)).toMatchObject({ sub: user.id, amr: [{ method: 'recovery' }] });
    expect(session.user.last_sign_in_at).toBe(new Date(NOW).toISOString());
    await expect(grant({ auth_code: code, code_verifier: verifier })).rejects.toMatchObject({
      status: 404,
      code: 'flow_state_not_found',
    });
  });

  it('refuses a flow older than its expiry, counted from its start', async () => {
    const grant = createPkceGrant({ db: pool, sessions, flowStateExpirySeconds: 300 });
    const { user, code } = await recoveryFlow();
    await pool.query("update auth.flow_state set created_at = now() - interval '301 seconds' where user_id = $1", [user.id]);
    await expect(grant({ auth_code: code, code_verifier: verifier })).rejects.toMatchObject({
      status: 422,
      code: 'flow_state_expired',
    });
    // A longer expiry, given to the grant, lets the same flow through.
    const patient = createPkceGrant({ db: pool, sessions, flowStateExpirySeconds: 600 });
    await expect(patient({ auth_code: code, code_verifier: verifier })).resolves.toMatchObject({ token_type: 'bearer' });
  });

  it('refuses a request without both the code and the verifier', async () => {
    const grant = createPkceGrant({ db: pool, sessions, flowStateExpirySeconds: 300 });
    await expect(grant({ auth_code: 'x' })).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    await expect(grant({ code_verifier: verifier })).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
