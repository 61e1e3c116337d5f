import { generatePKCEChallenge } from '@supabase/auth-js/dist/module/lib/helpers.js';
import { describe, expect, it } from 'vitest';
import { authenticationMethodOf, pkceMismatch, readPkceParams, s256CodeChallenge } from '../../server/local-backend/auth-pkce.ts';

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

  it('agrees with the challenge supabase-js sends for a verifier', async () => {
    const verifier = 'a'.repeat(20) + '0123456789abcdef'.repeat(6);
    const challenge: string = await generatePKCEChallenge(verifier);
    expect(challenge).toBe(s256CodeChallenge(verifier));
    expect(await generatePKCEChallenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
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
