import { beforeAll, describe, expect, it } from 'vitest';
import type { RateDecision, RateLimiter } from '../../../src/domain/rate-limit.ts';
import { hashPassword } from '../../../server/local-backend/auth/passwords.ts';
import type { SessionAnswer } from '../../../server/local-backend/auth/sessions.ts';
import { createPasswordGrant } from '../../../server/local-backend/auth/token-grants.ts';
import type { UserRow } from '../../../server/local-backend/auth/users.ts';

/**
 * The password grant built alone, with its dependencies in memory: no
 * database, no HTTP. What GoTrue answers for each case, and the failed-login
 * count that guards it.
 */

const PASSWORD = 'haslo-123456';
const ADDRESS = '203.0.113.7';

/** A fixed-window counter per key, as the SQL limiter counts, without a clock. */
function memoryLimiter(limit: number): RateLimiter & { counts: Map<string, number> } {
  const counts = new Map<string, number>();
  return {
    counts,
    async hit(keys): Promise<RateDecision> {
      if (keys.some((key) => (counts.get(key) ?? 0) >= limit)) return { allowed: false, retryAfterSeconds: 600 };
      for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
      return { allowed: true, retryAfterSeconds: 0 };
    },
    async reset(key) {
      counts.delete(key);
    },
  };
}

function user(email: string, encryptedPassword: string, confirmed = true): UserRow {
  const at = new Date('2026-11-28T10:00:00Z');
  return {
    id: '4f1c2d9e-8a7b-4c3d-9e2f-1a2b3c4d5e6f',
    aud: 'authenticated',
    role: 'authenticated',
    email,
    encrypted_password: encryptedPassword,
    email_confirmed_at: confirmed ? at : null,
    confirmation_sent_at: null,
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email' },
    raw_user_meta_data: {},
    created_at: at,
    updated_at: at,
  };
}

let passwordHash: string;
beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

function grantWith(users: UserRow[], limit = 5) {
  const loginLimiter = memoryLimiter(limit);
  const signedIn: UserRow[] = [];
  const grant = createPasswordGrant({
    loginLimiter,
    findUserByEmail: async (email) => users.find((candidate) => candidate.email === email),
    signIn: async (who) => {
      signedIn.push(who);
      return { access_token: 'access', refresh_token: 'refresh', user: { id: who.id } } as unknown as SessionAnswer;
    },
    dummyHash: hashPassword('not-anyones-password'),
  });
  return { grant, loginLimiter, signedIn };
}

describe('password grant', () => {
  it('signs in with the right password, the address trimmed and lower-cased, and forgets earlier failures', async () => {
    const { grant, loginLimiter, signedIn } = grantWith([user('klient@example.test', passwordHash)]);
    await expect(grant({ email: 'klient@example.test', password: 'wrong-one' }, ADDRESS)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_credentials',
    });
    expect(loginLimiter.counts.get(`klient@example.test|${ADDRESS}`)).toBe(1);

    const session = await grant({ email: '  Klient@Example.TEST ', password: PASSWORD }, ADDRESS);
    expect(session.access_token).toBe('access');
    expect(signedIn.map((who) => who.email)).toEqual(['klient@example.test']);
    expect(loginLimiter.counts.has(`klient@example.test|${ADDRESS}`)).toBe(false);
  });

  it('answers an unknown email exactly as a wrong password', async () => {
    const { grant, signedIn } = grantWith([user('klient@example.test', passwordHash)]);
    const unknown = await grant({ email: 'nikt@example.test', password: PASSWORD }, ADDRESS).catch((error: unknown) => error);
    const wrong = await grant({ email: 'klient@example.test', password: 'wrong-one' }, ADDRESS).catch((error: unknown) => error);
    expect(unknown).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(wrong).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(signedIn).toEqual([]);
  });

  it('refuses the sixth attempt with 429 and Retry-After before checking the password, even the right one', async () => {
    const { grant, signedIn } = grantWith([user('klient@example.test', passwordHash)]);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await expect(grant({ email: 'klient@example.test', password: 'wrong-one' }, ADDRESS)).rejects.toMatchObject({
        code: 'invalid_credentials',
      });
    }
    await expect(grant({ email: 'klient@example.test', password: PASSWORD }, ADDRESS)).rejects.toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
      headers: { 'Retry-After': '600' },
    });
    // Another address is counted apart.
    await expect(grant({ email: 'klient@example.test', password: PASSWORD }, '198.51.100.1')).resolves.toBeDefined();
    expect(signedIn).toHaveLength(1);
  });

  it('says "email not confirmed" only to whoever knows the password', async () => {
    const { grant, signedIn } = grantWith([user('nowy@example.test', passwordHash, false)]);
    await expect(grant({ email: 'nowy@example.test', password: 'wrong-one' }, ADDRESS)).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
    await expect(grant({ email: 'nowy@example.test', password: PASSWORD }, ADDRESS)).rejects.toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
    });
    expect(signedIn).toEqual([]);
  });

  it('refuses a missing password and an over-long address without counting them', async () => {
    const { grant, loginLimiter } = grantWith([]);
    await expect(grant({ email: 'klient@example.test' }, ADDRESS)).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    await expect(grant({ email: `${'a'.repeat(250)}@example.test`, password: PASSWORD }, ADDRESS)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_credentials',
    });
    expect(loginLimiter.counts.size).toBe(0);
  });
});
