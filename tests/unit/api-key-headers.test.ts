import { describe, expect, it } from 'vitest';
import { tokenAlgorithm } from '../../functions/_shared/caller-auth.ts';
import { apiKeyHeaders, isJwt } from '../../src/lib/api-key-headers.ts';

const ANON_JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl';
const PUBLISHABLE = 'sb_publishable_AbC123_xyz';

describe('the public key headers (one rule for every hand-built request)', () => {
  it('a legacy anon JWT goes as apikey and as the Bearer, as supabase-js sends it', () => {
    expect(apiKeyHeaders(ANON_JWT)).toEqual({ apikey: ANON_JWT, Authorization: `Bearer ${ANON_JWT}` });
  });

  it('a publishable key goes only as apikey: it is never a Bearer', () => {
    expect(apiKeyHeaders(PUBLISHABLE)).toEqual({ apikey: PUBLISHABLE });
  });

  it('a signed-in user’s token is the Bearer, with either key style', () => {
    expect(apiKeyHeaders(PUBLISHABLE, 'user.jwt.token')).toEqual({ apikey: PUBLISHABLE, Authorization: 'Bearer user.jwt.token' });
    expect(apiKeyHeaders(ANON_JWT, 'user.jwt.token')).toEqual({ apikey: ANON_JWT, Authorization: 'Bearer user.jwt.token' });
    expect(apiKeyHeaders(ANON_JWT, null)).toEqual({ apikey: ANON_JWT, Authorization: `Bearer ${ANON_JWT}` });
  });

  it('without a configured key sends nothing (the local fallback)', () => {
    expect(apiKeyHeaders('')).toEqual({});
  });

  it('tells JWTs from sb_ keys as the functions do (they read an alg only from a JWT)', () => {
    expect(isJwt(ANON_JWT)).toBe(true);
    expect(tokenAlgorithm(ANON_JWT)).toBe('HS256');
    for (const value of [PUBLISHABLE, 'sb_secret_x', 'a.b', '']) {
      expect(isJwt(value)).toBe(false);
      expect(tokenAlgorithm(value)).toBeNull();
    }
  });
});
