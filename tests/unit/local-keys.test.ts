import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inspectJwt, verifyJwt } from '../../server/local-backend/keys/jwt.ts';
import { loadLocalKeys } from '../../server/local-backend/keys/local-keys.ts';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kwiaciarnia-keys-'));
  dirs.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function payload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<string, unknown>;
}

describe('per-install keys (secrets.json)', () => {
  it('makes every key on a first start, owner-only, and reads the same ones back', () => {
    const dir = dataDir();
    const keys = loadLocalKeys(dir);
    const file = join(dir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(keys.publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{32}$/);
    expect(keys.secretKey).toMatch(/^sb_secret_[A-Za-z0-9_-]{43}$/);
    expect(keys.publicJwks.keys).toHaveLength(1);
    expect(keys.publicJwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig', kid: keys.es256SigningKey.kid });
    expect(keys.publicJwks.keys[0]).not.toHaveProperty('d');

    const again = loadLocalKeys(dir);
    expect(again.jwtSecret).toBe(keys.jwtSecret);
    // The legacy keys too: the gateway takes exactly these, so a client configured before a restart keeps working.
    expect(again.anonKey).toBe(keys.anonKey);
    expect(again.serviceRoleKey).toBe(keys.serviceRoleKey);
    expect(again.publishableKey).toBe(keys.publishableKey);
    expect(again.secretKey).toBe(keys.secretKey);
    expect(again.publicJwks).toEqual(keys.publicJwks);
  });

  it('keeps an older secrets.json working: adds the new keys, keeps the secret and passwords', () => {
    const dir = dataDir();
    const old = {
      jwtSecret: 'stary-sekret-o-dlugosci-co-najmniej-32-znakow',
      postgresPassword: 'pg-haslo',
      authenticatorPassword: 'auth-haslo',
    };
    writeFileSync(join(dir, 'secrets.json'), JSON.stringify(old), { mode: 0o600 });
    const keys = loadLocalKeys(dir);
    expect(keys).toMatchObject(old);
    // A legacy anon key made with the old secret still verifies.
    expect(verifyJwt(keys.anonKey, old.jwtSecret)).toMatchObject({ role: 'anon' });
    const stored = JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')) as Record<string, unknown>;
    expect(stored).toMatchObject({ ...old, publishableKey: keys.publishableKey, secretKey: keys.secretKey });
    expect(stored.signingKey).toMatchObject({ kty: 'EC', crv: 'P-256', kid: keys.es256SigningKey.kid, d: expect.any(String) as string });
    expect(stored).toMatchObject({ anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey });
  });

  it('makes the legacy keys again when the stored ones are not signed with the secret (changed by hand)', () => {
    const dir = dataDir();
    const first = loadLocalKeys(dir);
    const file = join(dir, 'secrets.json');
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    writeFileSync(file, JSON.stringify({ ...stored, jwtSecret: 'nowy-sekret-o-dlugosci-co-najmniej-32-znakow' }));
    const keys = loadLocalKeys(dir);
    expect(keys.anonKey).not.toBe(first.anonKey);
    expect(verifyJwt(keys.anonKey, 'nowy-sekret-o-dlugosci-co-najmniej-32-znakow')).toMatchObject({ role: 'anon' });
    expect(verifyJwt(keys.serviceRoleKey, 'nowy-sekret-o-dlugosci-co-najmniej-32-znakow')).toMatchObject({ role: 'service_role' });
    expect(keys.publishableKey).toBe(first.publishableKey);
  });

  it('mints short-lived ES256 role tokens that verify with the public keys only', () => {
    const keys = loadLocalKeys(dataDir());
    const token = keys.signRoleToken('service_role');
    const result = inspectJwt(token, { es256: keys.verificationKeys.es256 });
    expect(result).toMatchObject({ ok: true, alg: 'ES256', kid: keys.es256SigningKey.kid });
    const claims = payload(token);
    expect(claims).toMatchObject({ role: 'service_role', iss: expect.any(String) as string });
    expect((claims.exp as number) - (claims.iat as number)).toBeLessThanOrEqual(300);
    // Not a token the HS256 secret alone accepts.
    expect(verifyJwt(token, keys.jwtSecret)).toBeNull();
  });

  it('knows which role each API key stands for, and what to send upstream for it', () => {
    const keys = loadLocalKeys(dataDir());
    expect(keys.roleForApiKey(keys.publishableKey)).toBe('anon');
    expect(keys.roleForApiKey(keys.anonKey)).toBe('anon');
    expect(keys.roleForApiKey(keys.secretKey)).toBe('service_role');
    expect(keys.roleForApiKey(keys.serviceRoleKey)).toBe('service_role');
    expect(keys.roleForApiKey(`${keys.publishableKey}x`)).toBeNull();
    expect(keys.roleForApiKey('')).toBeNull();

    const role = (header: string | null | undefined) => (header ? payload(header.slice(7)).role : header);
    // supabase-js sends the key as both apikey and bearer when nobody is signed in.
    expect(role(keys.upstreamAuthorization(keys.publishableKey, `Bearer ${keys.publishableKey}`))).toBe('anon');
    expect(role(keys.upstreamAuthorization(keys.secretKey, undefined))).toBe('service_role');
    expect(keys.upstreamAuthorization('sb_publishable_obcy', undefined)).toBeNull();
    expect(keys.upstreamAuthorization(keys.publishableKey, 'Bearer sb_secret_obcy')).toBeNull();
    // A user's token passes unchanged; a legacy apikey stands in for a missing bearer, as before.
    expect(keys.upstreamAuthorization(keys.publishableKey, 'Bearer user.jwt.token')).toBe('Bearer user.jwt.token');
    expect(keys.upstreamAuthorization(keys.anonKey, undefined)).toBe(`Bearer ${keys.anonKey}`);
    expect(keys.upstreamAuthorization(undefined, undefined)).toBeUndefined();
  });

  it('gives PostgREST a JWKS with the legacy secret (oct) and the EC public key', () => {
    const keys = loadLocalKeys(dataDir());
    const jwks = JSON.parse(keys.postgrestJwtSecret) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toHaveLength(2);
    expect(jwks.keys[0]).toEqual({ kty: 'oct', alg: 'HS256', k: Buffer.from(keys.jwtSecret).toString('base64url') });
    expect(jwks.keys[1]).toMatchObject({ kty: 'EC', kid: keys.es256SigningKey.kid });
    expect(jwks.keys[1]).not.toHaveProperty('d');
  });
});
