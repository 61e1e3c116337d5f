import { describe, expect, it } from 'vitest';
import { anonClient, testBackend, uniqueEmail } from '../support/test-backend.ts';

describe('local auth through supabase-js', () => {
  it('registers, signs in, refreshes the token, reads the user and logs out', async () => {
    const client = anonClient();
    const email = uniqueEmail('cykl');

    const signUp = await client.auth.signUp({ email, password: 'haslo-123456' });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session?.user.email).toBe(email);
    // supabase-js treats a user without identities as an already registered address.
    expect(signUp.data.user?.identities?.[0]?.provider).toBe('email');

    const signIn = await client.auth.signInWithPassword({ email, password: 'haslo-123456' });
    expect(signIn.error).toBeNull();
    const firstSession = signIn.data.session!;
    expect(firstSession.token_type).toBe('bearer');
    expect(firstSession.expires_at).toBeGreaterThan(Date.now() / 1000);

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(firstSession.refresh_token);
    expect(refreshed.data.session!.user.id).toBe(firstSession.user.id);

    const user = await client.auth.getUser();
    expect(user.data.user?.email).toBe(email);

    const rotatedToken = refreshed.data.session!.refresh_token;
    expect((await client.auth.signOut()).error).toBeNull();
    expect((await client.auth.getSession()).data.session).toBeNull();

    // After logout the refresh token is dead.
    const reuse = await anonClient().auth.refreshSession({ refresh_token: rotatedToken });
    expect(reuse.error?.code).toBe('refresh_token_not_found');
  });

  it('answers a wrong password with invalid_credentials', async () => {
    const { error } = await anonClient().auth.signInWithPassword({ email: testBackend().ownerEmail, password: 'zle-haslo' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
  });

  it('refuses a second account with the same email and a short password', async () => {
    const email = uniqueEmail('dwa');
    await anonClient().auth.signUp({ email, password: 'haslo-123456' });
    const duplicate = await anonClient().auth.signUp({ email: email.toUpperCase(), password: 'haslo-123456' });
    const weak = await anonClient().auth.signUp({ email: uniqueEmail('slabe'), password: '123' });
    expect(duplicate.error?.code).toBe('user_already_exists');
    expect(weak.error?.code).toBe('weak_password');
  });

  it('refuses a password of spaces only (422 weak_password), and creates no account', async () => {
    const email = uniqueEmail('spacje');
    const { url, anonKey } = testBackend();
    const response = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
      body: JSON.stringify({ email, password: '          ' }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ code: 'weak_password', weak_password: { reasons: ['characters'] } });
    const { error } = await anonClient().auth.signUp({ email, password: ' \t      ' });
    expect(error?.code).toBe('weak_password');
    expect((await anonClient().auth.signInWithPassword({ email, password: '          ' })).error?.code).toBe('invalid_credentials');
  });

  it('answers a login with an absurdly long email like any wrong login (400), not with a server error', async () => {
    const { error } = await anonClient().auth.signInWithPassword({ email: `${'a'.repeat(2000)}@example.test`, password: 'haslo-123456' });
    expect(error?.status).toBe(400);
    expect(error?.code).toBe('invalid_credentials');
  });

  it('issues tokens PostgREST accepts: the user reads data as authenticated', async () => {
    const client = anonClient();
    await client.auth.signUp({ email: uniqueEmail('rest'), password: 'haslo-123456' });
    const { data, error } = await client.from('orders').select('id');
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });
});
