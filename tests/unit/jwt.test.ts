import { describe, expect, it } from 'vitest';
import { signJwt, verifyJwt } from '../../server/jwt.ts';
import { hashPassword, verifyPassword } from '../../server/passwords.ts';

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

describe('password hashing', () => {
  it('verifies the right password and not another', async () => {
    const stored = await hashPassword('kwiaty-123');
    expect(stored).not.toContain('kwiaty-123');
    expect(await verifyPassword('kwiaty-123', stored)).toBe(true);
    expect(await verifyPassword('kwiaty-124', stored)).toBe(false);
  });
});
