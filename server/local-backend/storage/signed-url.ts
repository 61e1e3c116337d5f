import { inspectJwt, signJwt, type JwtRejection } from '../keys/jwt.ts';
import { STORAGE_ERRORS } from './errors.ts';

/**
 * The tokens of signed URLs, as supabase/storage makes and checks them
 * (src/storage/object.ts signObjectUrl, verifyObjectSignature): HS256 with the
 * URL signing secret, `url` = bucket/name, the download scope and `exp`.
 */

/** src/internal/auth: SIGNED_URL_SCOPE_DOWNLOAD, the claim that tells a download token from an upload one. */
const SIGNED_URL_SCOPE_DOWNLOAD = 'download';

/**
 * The messages jose (which the storage service verifies with) gives a signed
 * URL's unusable token; the service answers them as InvalidJWT. Earlier
 * versions, on jsonwebtoken, said 'jwt expired'.
 */
const SIGNED_URL_JWT_MESSAGES: Record<JwtRejection, string> = {
  malformed: 'Invalid Compact JWS',
  algorithm: '"alg" (Algorithm) Header Parameter value not allowed',
  unknown_key: 'signature verification failed',
  signature: 'signature verification failed',
  expired: '"exp" claim timestamp check failed',
  not_yet_valid: '"nbf" claim timestamp check failed',
};

/** createSignedUrl's `expiresIn` (assertValidNumericJWTExpiration: a whole number of seconds, at least 1); the answer's path. */
export function signedObjectPath(bucketId: string, name: string, expiresIn: unknown, secret: string): string {
  if (typeof expiresIn !== 'number' || !Number.isFinite(expiresIn) || Math.floor(expiresIn) < 1)
    throw STORAGE_ERRORS.invalidParameter('expiresIn');
  const url = `${bucketId}/${name}`;
  const iat = Math.floor(Date.now() / 1000);
  const token = signJwt({ url, scope: SIGNED_URL_SCOPE_DOWNLOAD, iat, exp: iat + Math.floor(expiresIn) }, secret);
  return `/object/sign/${url}?token=${token}`;
}

/** A signed read's token: signature, scope, the name it was made for, expiry. Returns its expiry (seconds); throws the service's errors. */
export function verifiedDownloadExpiry(token: string | null, bucketId: string, name: string, secret: string): number {
  if (!token) throw STORAGE_ERRORS.invalidRequest("querystring must have required property 'token'");
  const result = inspectJwt(token, { hs256Secret: secret });
  if (!result.ok) throw STORAGE_ERRORS.invalidJwt(SIGNED_URL_JWT_MESSAGES[result.reason]);
  const { claims } = result;
  const downloadScoped = claims.scope === SIGNED_URL_SCOPE_DOWNLOAD || (claims.scope === undefined && claims.upsert === undefined);
  if (!downloadScoped) throw STORAGE_ERRORS.invalidSignature(`Token is not scoped for ${SIGNED_URL_SCOPE_DOWNLOAD}`);
  if (claims.url !== `${bucketId}/${name}`) throw STORAGE_ERRORS.invalidSignature();
  return typeof claims.exp === 'number' ? claims.exp : 0;
}
