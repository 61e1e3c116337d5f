import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { authenticationMethodOf, pkceMismatch, readPkceParams, s256CodeChallenge } from '../../server/local-backend/auth/pkce.ts';

/**
 * The local auth's PKCE checks against values fixed outside this project, so
 * the local server and the app's client cannot agree on a mistake: RFC 7636
 * Appendix B's example, and the challenge supabase-js (auth-js) itself makes.
 */

const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

describe('S256', () => {
  it("gives RFC 7636 Appendix B's challenge for its verifier", () => {
    expect(s256CodeChallenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
    expect(pkceMismatch(RFC_CHALLENGE, 's256', RFC_VERIFIER)).toBeNull();
    // GoTrue reads the method in any case.
    expect(pkceMismatch(RFC_CHALLENGE, 'S256', RFC_VERIFIER)).toBeNull();
  });

  it('agrees with the challenge and verifier supabase-js sends and keeps for a password reset', async () => {
    const memory = new Map<string, string>();
    const sent: Record<string, unknown>[] = [];
    const client = createClient('http://backend.test', 'anon-key', {
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: {
          getItem: (key) => memory.get(key) ?? null,
          setItem: (key, value) => void memory.set(key, value),
          removeItem: (key) => void memory.delete(key),
        },
      },
      global: {
        fetch: async (_input, init) => {
          sent.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
          return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
        },
      },
    });
    await client.auth.resetPasswordForEmail('anna@example.test', { redirectTo: 'http://localhost:4173/reset-password' });
    const body = sent.at(-1)!;
    // auth-js keeps the verifier under `<storageKey>-code-verifier`, marked as a recovery.
    const stored = JSON.parse(memory.get('sb-backend-auth-token-code-verifier') ?? '""') as string;
    const [verifier, kind] = stored.split('/');
    expect(kind).toBe('recovery');
    expect(body.code_challenge_method).toBe('s256');
    expect(body.code_challenge).toBe(s256CodeChallenge(verifier!));
    expect(readPkceParams(body)).toEqual({ challenge: body.code_challenge, method: 's256' });
    expect(pkceMismatch(String(body.code_challenge), 's256', verifier!)).toBeNull();
  });

  it("refuses another verifier, the challenge itself, and a plain check of an S256 challenge, in GoTrue's words", () => {
    expect(pkceMismatch(RFC_CHALLENGE, 's256', `${RFC_VERIFIER}x`)).toBe('code challenge does not match previously saved code verifier');
    expect(pkceMismatch(RFC_CHALLENGE, 's256', RFC_CHALLENGE)).toBe('code challenge does not match previously saved code verifier');
    expect(pkceMismatch(RFC_CHALLENGE, 'plain', RFC_VERIFIER)).toBe('code challenge does not match previously saved code verifier');
    expect(pkceMismatch(RFC_VERIFIER, 'plain', RFC_VERIFIER)).toBeNull();
    expect(pkceMismatch(RFC_CHALLENGE, 'md5', RFC_VERIFIER)).toBe('code challenge method not supported');
  });
});

describe('code challenge parameters', () => {
  it('are both there or both absent (the implicit flow)', () => {
    expect(readPkceParams({})).toBeNull();
    expect(readPkceParams({ code_challenge: null, code_challenge_method: null })).toBeNull();
    expect(readPkceParams({ code_challenge: RFC_CHALLENGE, code_challenge_method: 'S256' })).toEqual({
      challenge: RFC_CHALLENGE,
      method: 's256',
    });
    expect(() => readPkceParams({ code_challenge: RFC_CHALLENGE })).toThrow('PKCE flow requires code_challenge_method and code_challenge');
    expect(() => readPkceParams({ code_challenge_method: 's256' })).toThrow('PKCE flow requires code_challenge_method and code_challenge');
  });

  it('hold a challenge of 43 to 128 unreserved characters and a known method', () => {
    expect(() => readPkceParams({ code_challenge: 'a'.repeat(42), code_challenge_method: 's256' })).toThrow('between 43 and 128');
    expect(() => readPkceParams({ code_challenge: 'a'.repeat(129), code_challenge_method: 's256' })).toThrow('between 43 and 128');
    expect(() => readPkceParams({ code_challenge: `${'a'.repeat(43)}+`, code_challenge_method: 's256' })).toThrow('can only contain');
    expect(() => readPkceParams({ code_challenge: 'a'.repeat(43), code_challenge_method: 'md5' })).toThrow('unsupported');
  });
});

describe('flow kinds', () => {
  it("are GoTrue's authentication methods for the link types", () => {
    expect(authenticationMethodOf('signup')).toBe('email/signup');
    expect(authenticationMethodOf('recovery')).toBe('recovery');
    expect(authenticationMethodOf('magiclink')).toBe('magiclink');
    expect(authenticationMethodOf('email_change')).toBeNull();
  });
});
