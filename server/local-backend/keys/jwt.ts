import { createHmac, createPrivateKey, createPublicKey, sign, timingSafeEqual, verify, type JsonWebKey, type KeyObject } from 'node:crypto';

/**
 * JSON Web Tokens as Supabase's services use them: HS256 with the project's
 * shared secret (the legacy keys and legacy user sessions) and ES256 with a
 * signing key published as a JWKS (the asymmetric user sessions). Only what
 * node:crypto gives; verification is strict about the algorithm.
 */
export type JwtClaims = Record<string, unknown> & { exp?: number };

export type JwtAlgorithm = 'HS256' | 'ES256';

/** A public EC P-256 key as GoTrue publishes it at /.well-known/jwks.json. */
export interface PublicEcJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  kid: string;
  alg: 'ES256';
  use: 'sig';
  key_ops: ['verify'];
  ext: true;
}

/** What a token is signed with: the legacy shared secret, or an EC private key with its key id. */
export type SigningKey = { alg: 'HS256'; secret: string } | { alg: 'ES256'; kid: string; privateKey: KeyObject };

/** What tokens are accepted from: the legacy secret (HS256) and/or EC public keys by key id (ES256). */
export interface VerificationKeys {
  hs256Secret?: string;
  es256?: ReadonlyArray<{ kid: string; publicKey: KeyObject }>;
}

function base64urlJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** Signs claims; a plain string is the legacy HS256 secret. */
export function signJwt(claims: JwtClaims, key: string | SigningKey): string {
  const signingKey: SigningKey = typeof key === 'string' ? { alg: 'HS256', secret: key } : key;
  const header = signingKey.alg === 'HS256' ? { alg: 'HS256', typ: 'JWT' } : { alg: 'ES256', kid: signingKey.kid, typ: 'JWT' };
  const signingInput = `${base64urlJson(header)}.${base64urlJson(claims)}`;
  const signature =
    signingKey.alg === 'HS256'
      ? createHmac('sha256', signingKey.secret).update(signingInput).digest()
      : sign('sha256', Buffer.from(signingInput), { key: signingKey.privateKey, dsaEncoding: 'ieee-p1363' });
  return `${signingInput}.${signature.toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]*$/;

function parseSegment(segment: string): Record<string, unknown> | null {
  if (!BASE64URL.test(segment)) return null;
  try {
    const value = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Why a token was refused (for error messages; never the token itself). */
export type JwtRejection = 'malformed' | 'algorithm' | 'unknown_key' | 'signature' | 'expired' | 'not_yet_valid';

export type JwtVerification = { ok: true; claims: JwtClaims; alg: JwtAlgorithm; kid?: string } | { ok: false; reason: JwtRejection };

/**
 * Checks a token: a header naming HS256 (verified with the shared secret) or
 * ES256 with a `kid` present in the key set (verified with that public key);
 * `none` and every other algorithm are refused, as is an algorithm other than
 * the key's. Then `exp` (and `nbf` when present).
 */
export function inspectJwt(token: string, keys: string | VerificationKeys, nowSeconds = Math.floor(Date.now() / 1000)): JwtVerification {
  const keySet: VerificationKeys = typeof keys === 'string' ? { hs256Secret: keys } : keys;
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'malformed' };
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = parseSegment(headerPart);
  const claims = parseSegment(payloadPart);
  if (!header || !claims || !signaturePart || !BASE64URL.test(signaturePart)) return { ok: false, reason: 'malformed' };
  const signingInput = Buffer.from(`${headerPart}.${payloadPart}`);
  const signature = Buffer.from(signaturePart, 'base64url');
  const kid = typeof header.kid === 'string' ? header.kid : undefined;

  if (header.alg === 'HS256') {
    if (keySet.hs256Secret === undefined) return { ok: false, reason: 'unknown_key' };
    // A kid naming one of the EC keys on an HS256 token is an algorithm confusion attempt.
    if (kid !== undefined && keySet.es256?.some((key) => key.kid === kid)) return { ok: false, reason: 'algorithm' };
    const expected = createHmac('sha256', keySet.hs256Secret).update(signingInput).digest();
    if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return { ok: false, reason: 'signature' };
  } else if (header.alg === 'ES256') {
    const key = kid === undefined ? undefined : keySet.es256?.find((candidate) => candidate.kid === kid);
    if (!key) return { ok: false, reason: 'unknown_key' };
    if (signature.length !== 64) return { ok: false, reason: 'signature' };
    if (!verify('sha256', signingInput, { key: key.publicKey, dsaEncoding: 'ieee-p1363' }, signature))
      return { ok: false, reason: 'signature' };
  } else {
    return { ok: false, reason: 'algorithm' };
  }

  if (claims.exp !== undefined && (typeof claims.exp !== 'number' || claims.exp <= nowSeconds)) return { ok: false, reason: 'expired' };
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > nowSeconds))
    return { ok: false, reason: 'not_yet_valid' };
  return { ok: true, claims: claims as JwtClaims, alg: header.alg, ...(kid === undefined ? {} : { kid }) };
}

/** Returns the claims of a valid, unexpired token, or null. A plain string is the legacy HS256 secret. */
export function verifyJwt(token: string, keys: string | VerificationKeys, nowSeconds = Math.floor(Date.now() / 1000)): JwtClaims | null {
  const result = inspectJwt(token, keys, nowSeconds);
  return result.ok ? result.claims : null;
}

/** The private EC key of a stored private JWK (with `d`). */
export function privateKeyFromJwk(jwk: JsonWebKey): KeyObject {
  return createPrivateKey({ key: jwk, format: 'jwk' });
}

/** The public half of an EC key as a JWK with its key id, as a JWKS lists it. */
export function publicEcJwk(key: KeyObject, kid: string): PublicEcJwk {
  const jwk = createPublicKey(key).export({ format: 'jwk' });
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.x !== 'string' || typeof jwk.y !== 'string') {
    throw new Error('The signing key is not an EC P-256 key.');
  }
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'], ext: true };
}
