import { createHash, createPublicKey, generateKeyPairSync, randomBytes, randomUUID, timingSafeEqual, type JsonWebKey } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newLocalKsefCredentials, type LocalKsefCredentials } from '../ksef/certificate.ts';
import { privateKeyFromJwk, publicEcJwk, signJwt, verifyJwt, type PublicEcJwk, type SigningKey, type VerificationKeys } from './jwt.ts';

/**
 * The local backend's per-install keys, kept in `<dataDir>/secrets.json`
 * (never in git or the bundle), in both of Supabase's styles:
 *
 * - legacy: one HS256 secret (`jwtSecret`) shared by auth and PostgREST, and
 *   the `anon` / `service_role` API keys as JWTs signed with it (made once and
 *   kept, since the gateway takes exactly these keys as it does on hosted);
 * - current: an ES256 signing key pair for user sessions (the public half
 *   served as a JWKS, as GoTrue does at /auth/v1/.well-known/jwks.json), and
 *   opaque `sb_publishable_…` / `sb_secret_…` API keys that Supabase's API
 *   gateway turns into a short-lived role JWT before PostgREST sees them.
 *
 * A secrets.json from before gets the missing keys added; what it had stays.
 */

export type ApiRole = 'anon' | 'service_role';

/** The private signing key as stored: an EC P-256 JWK with `d`. */
export type StoredSigningJwk = JsonWebKey & { kty: 'EC'; crv: 'P-256'; d: string; kid: string; alg: 'ES256'; use: 'sig' };

/** The layout of secrets.json (older files have only the first three). */
export interface StoredSecrets {
  jwtSecret: string;
  postgresPassword: string;
  authenticatorPassword: string;
  /** The legacy API keys, kept so they stay the same across restarts (a hosted project's keys do not change either). */
  anonKey: string;
  serviceRoleKey: string;
  signingKey: StoredSigningJwk;
  publishableKey: string;
  secretKey: string;
  /** Web Push's VAPID pair (docs/push.md): the public point and the private scalar, base64url, as the VAPID_* secrets take them. */
  vapid: VapidPair;
  /** The owner's local KSeF certificate for the KSeF stand-in (docs/invoices-ksef.md), with the NIP it names. */
  ksef: LocalKsefCredentials;
}

export interface VapidPair {
  publicKey: string;
  privateKey: string;
}

export interface Jwks {
  keys: PublicEcJwk[];
}

export interface LocalKeys {
  /** The legacy HS256 secret (auth's legacy sessions, the legacy API keys, PostgREST). */
  jwtSecret: string;
  postgresPassword: string;
  authenticatorPassword: string;
  /** Legacy API keys: JWTs with role anon / service_role, HS256 with jwtSecret. */
  anonKey: string;
  serviceRoleKey: string;
  /** Current API keys: opaque, public / server-only. */
  publishableKey: string;
  secretKey: string;
  /** This install's VAPID pair for Web Push (the functions' VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY). */
  vapid: VapidPair;
  /** This install's KSeF certificate for the stand-in (the functions' KSEF_CERTIFICATE / KSEF_PRIVATE_KEY). */
  ksef: LocalKsefCredentials;
  /** The ES256 key user sessions are signed with (by default) and role tokens always. */
  es256SigningKey: Extract<SigningKey, { alg: 'ES256' }>;
  /** The legacy HS256 key, for AUTH_JWT_ALG=HS256 sessions. */
  hs256SigningKey: Extract<SigningKey, { alg: 'HS256' }>;
  /** The public keys, as GoTrue serves them at /.well-known/jwks.json. */
  publicJwks: Jwks;
  /** Everything this install signs tokens with: the HS256 secret and the EC public keys. */
  verificationKeys: VerificationKeys;
  /**
   * PGRST_JWT_SECRET: a JWKS with the legacy secret as an `oct` key and the
   * EC public key, so PostgREST takes legacy and asymmetric tokens alike.
   */
  postgrestJwtSecret: string;
  /** A short-lived JWT for the role, ES256-signed: what the gateway sends PostgREST for an sb_ key. */
  signRoleToken(role: ApiRole, ttlSeconds?: number): string;
  /** The role an API key value stands for (either style), or null when it is none of this install's keys. */
  roleForApiKey(value: string): ApiRole | null;
  /**
   * The Authorization header to send upstream (PostgREST, functions) for a
   * request's `apikey` and `Authorization`, as Supabase's gateway does:
   * a bearer that is an `sb_` key of this install becomes a fresh role JWT; no
   * bearer with an `sb_` apikey → a role JWT for the apikey; no bearer with a
   * legacy JWT apikey → that JWT; any other bearer (a user's or a legacy
   * JWT) passes unchanged; an unknown `sb_` key → null (answer 401).
   */
  upstreamAuthorization(apikey: string | undefined, authorization: string | undefined): string | undefined | null;
}

/** Role tokens minted for sb_ keys live this long (the gateway mints one per request). */
export const ROLE_TOKEN_SECONDS = 300;
const LEGACY_KEY_SECONDS = 10 * 365 * 24 * 3600;
const ROLE_TOKEN_ISSUER = 'supabase-local';

export function isNewStyleApiKey(value: string): boolean {
  return value.startsWith('sb_publishable_') || value.startsWith('sb_secret_');
}

function newSigningKey(): StoredSigningJwk {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string') throw new Error('node:crypto made no EC P-256 key');
  return { ...jwk, kty: 'EC', crv: 'P-256', d: jwk.d, kid: randomUUID(), alg: 'ES256', use: 'sig' };
}

function newVapidPair(): VapidPair {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  if (typeof jwk.x !== 'string' || typeof jwk.y !== 'string' || typeof jwk.d !== 'string')
    throw new Error('node:crypto made no EC P-256 key');
  const point = Buffer.concat([Buffer.of(4), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d };
}

function legacyApiKey(role: ApiRole, secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ iss: ROLE_TOKEN_ISSUER, ref: 'kwiaciarnia', role, iat: now, exp: now + LEGACY_KEY_SECONDS }, secret);
}

/** Equal strings, compared without an early exit (the digests have one length). */
function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** Reads secrets.json, adding what an older file lacks (or making it on a first start). */
export function loadSecrets(dataDir: string): StoredSecrets {
  const file = join(dataDir, 'secrets.json');
  const stored = (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}) as Partial<StoredSecrets>;
  const jwtSecret = stored.jwtSecret ?? randomBytes(32).toString('base64url');
  // A stored legacy key stays while it is still this secret's key for its role.
  const legacyKey = (role: ApiRole, key: string | undefined) =>
    key !== undefined && verifyJwt(key, jwtSecret)?.role === role ? key : legacyApiKey(role, jwtSecret);
  const secrets: StoredSecrets = {
    ...stored,
    jwtSecret,
    anonKey: legacyKey('anon', stored.anonKey),
    serviceRoleKey: legacyKey('service_role', stored.serviceRoleKey),
    postgresPassword: stored.postgresPassword ?? randomBytes(18).toString('base64url'),
    authenticatorPassword: stored.authenticatorPassword ?? randomBytes(18).toString('base64url'),
    signingKey: stored.signingKey ?? newSigningKey(),
    publishableKey: stored.publishableKey ?? `sb_publishable_${randomBytes(24).toString('base64url')}`,
    secretKey: stored.secretKey ?? `sb_secret_${randomBytes(32).toString('base64url')}`,
    vapid: stored.vapid ?? newVapidPair(),
    ksef: stored.ksef ?? newLocalKsefCredentials(),
  };
  const changed = (Object.keys(secrets) as (keyof StoredSecrets)[]).some((name) => stored[name] !== secrets[name]);
  if (changed) writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

export function loadLocalKeys(dataDir: string): LocalKeys {
  const secrets = loadSecrets(dataDir);
  const privateKey = privateKeyFromJwk(secrets.signingKey);
  const kid = secrets.signingKey.kid;
  const publicJwk = publicEcJwk(privateKey, kid);
  const es256SigningKey = { alg: 'ES256' as const, kid, privateKey };
  const hs256SigningKey = { alg: 'HS256' as const, secret: secrets.jwtSecret };
  const { anonKey, serviceRoleKey } = secrets;

  const signRoleToken = (role: ApiRole, ttlSeconds = ROLE_TOKEN_SECONDS): string => {
    const now = Math.floor(Date.now() / 1000);
    return signJwt({ role, iss: ROLE_TOKEN_ISSUER, iat: now, exp: now + ttlSeconds }, es256SigningKey);
  };

  const roleForApiKey = (value: string): ApiRole | null => {
    if (sameSecret(value, secrets.publishableKey) || sameSecret(value, anonKey)) return 'anon';
    if (sameSecret(value, secrets.secretKey) || sameSecret(value, serviceRoleKey)) return 'service_role';
    return null;
  };

  const upstreamAuthorization = (apikey: string | undefined, authorization: string | undefined): string | undefined | null => {
    const bearer = authorization && /^bearer /i.test(authorization) ? authorization.slice(7).trim() : undefined;
    const keyToTranslate = bearer ?? apikey;
    if (keyToTranslate === undefined) return authorization;
    if (isNewStyleApiKey(keyToTranslate)) {
      const role = roleForApiKey(keyToTranslate);
      return role ? `Bearer ${signRoleToken(role)}` : null;
    }
    if (bearer === undefined) return authorization ?? `Bearer ${keyToTranslate}`;
    return authorization;
  };

  // PostgREST's JWK set: `k` is the secret's bytes (PostgREST uses a plain-text secret as its UTF-8 bytes).
  const { ext: _ext, ...postgrestEcJwk } = publicJwk;
  const postgrestJwtSecret = JSON.stringify({
    keys: [{ kty: 'oct', k: Buffer.from(secrets.jwtSecret, 'utf8').toString('base64url'), alg: 'HS256' }, postgrestEcJwk],
  });

  return {
    jwtSecret: secrets.jwtSecret,
    postgresPassword: secrets.postgresPassword,
    authenticatorPassword: secrets.authenticatorPassword,
    anonKey,
    serviceRoleKey,
    publishableKey: secrets.publishableKey,
    secretKey: secrets.secretKey,
    vapid: secrets.vapid,
    ksef: secrets.ksef,
    es256SigningKey,
    hs256SigningKey,
    publicJwks: { keys: [publicJwk] },
    verificationKeys: { hs256Secret: secrets.jwtSecret, es256: [{ kid, publicKey: createPublicKey(privateKey) }] },
    postgrestJwtSecret,
    signRoleToken,
    roleForApiKey,
    upstreamAuthorization,
  };
}
