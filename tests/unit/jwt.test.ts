import { createHmac, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inspectJwt, signJwt, verifyJwt } from '../../server/local-backend/keys/jwt.ts';
import { hashPassword, verifyPassword } from '../../server/local-backend/auth/passwords.ts';

describe('local JWTs', () => {
  const secret = 'a-test-secret-of-at-least-32-characters!';

  it('round-trips claims with the right secret only', () => {
    const token = signJwt({ sub: 'u1', role: 'authenticated', exp: 2_000_000_000 }, secret);
    expect(verifyJwt(token, secret)).toMatchObject({ sub: 'u1', role: 'authenticated' });
    expect(verifyJwt(token, `${secret}x`)).toBeNull();
  });

  it('refuses expired, tampered and unsigned tokens', () => {
    const expired = signJwt({ sub: 'u1', exp: 1000 }, secret);
    const [header, , signature] = signJwt({ sub: 'u1', role: 'authenticated' }, secret).split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ sub: 'u1', role: 'service_role' })).toString('base64url')}.${signature}`;
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u1"}').toString('base64url')}.`;
    expect(verifyJwt(expired, secret)).toBeNull();
    expect(verifyJwt(tampered, secret)).toBeNull();
    expect(verifyJwt(none, secret)).toBeNull();
  });
});

describe('ES256 JWTs', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const other = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const keys = { hs256Secret: 'a-test-secret-of-at-least-32-characters!', es256: [{ kid: 'k1', publicKey }] };

  it('round-trips with the key named by kid, and only with it', () => {
    const token = signJwt({ sub: 'u1', exp: 2_000_000_000 }, { alg: 'ES256', kid: 'k1', privateKey });
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'ES256', kid: 'k1', typ: 'JWT' });
    expect(Buffer.from(token.split('.')[2]!, 'base64url')).toHaveLength(64);
    expect(verifyJwt(token, keys)).toMatchObject({ sub: 'u1' });
    expect(inspectJwt(signJwt({ sub: 'u1' }, { alg: 'ES256', kid: 'k1', privateKey: other.privateKey }), keys)).toEqual({
      ok: false,
      reason: 'signature',
    });
    expect(inspectJwt(signJwt({ sub: 'u1' }, { alg: 'ES256', kid: 'k2', privateKey }), keys)).toEqual({ ok: false, reason: 'unknown_key' });
    expect(inspectJwt(token, { hs256Secret: keys.hs256Secret })).toEqual({ ok: false, reason: 'unknown_key' });
  });

  it('refuses expiry, not-yet-valid, none, other algorithms and alg confusion', () => {
    const now = 1_800_000_000;
    const es = (claims: Record<string, unknown>) => signJwt(claims, { alg: 'ES256', kid: 'k1', privateKey });
    expect(inspectJwt(es({ exp: now }), keys, now)).toEqual({ ok: false, reason: 'expired' });
    expect(inspectJwt(es({ exp: 'jutro' }), keys, now)).toEqual({ ok: false, reason: 'expired' });
    expect(inspectJwt(es({ nbf: now + 60 }), keys, now)).toEqual({ ok: false, reason: 'not_yet_valid' });
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const alg of ['none', 'RS256', 'HS512', 'ES384', undefined]) {
      const token = `${encode({ alg, kid: 'k1' })}.${encode({ sub: 'u1' })}.${es({ sub: 'u1' }).split('.')[2]}`;
      expect(inspectJwt(token, keys), String(alg)).toMatchObject({ ok: false });
    }
    // HS256 whose kid names the EC key (an attacker who knows the public key cannot use it as an HMAC secret either).
    const confused = signJwt({ sub: 'u1' }, keys.hs256Secret).split('.');
    const header = encode({ alg: 'HS256', kid: 'k1', typ: 'JWT' });
    const signature = createHmac('sha256', keys.hs256Secret).update(`${header}.${confused[1]}`).digest('base64url');
    expect(inspectJwt(`${header}.${confused[1]}.${signature}`, keys)).toEqual({ ok: false, reason: 'algorithm' });
    expect(inspectJwt('a.b', keys)).toEqual({ ok: false, reason: 'malformed' });
    expect(inspectJwt(`${encode({ alg: 'ES256', kid: 'k1' })}.${encode({})}.`, keys)).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('password hashing', () => {
  it('verifies the right password and not another', async () => {
    const stored = await hashPassword('kwiaty-123');
    expect(stored).not.toContain('kwiaty-123');
    expect(await verifyPassword('kwiaty-123', stored)).toBe(true);
    expect(await verifyPassword('kwiaty-124', stored)).toBe(false);
  });
});
