import { fromBase64Url, toBase64Url } from '../../src/domain/base64url.ts';

/*
 * Web Push on WebCrypto alone (decision 030): the message encrypted for one
 * browser as RFC 8291 says (aes128gcm, RFC 8188), and the sender identified
 * by VAPID (RFC 8292). WebCrypto is the same in Deno and Node, so the
 * functions bundle nothing for it and the unit tests run the very code that
 * deploys.
 */

type Bytes = Uint8Array<ArrayBuffer>;

/** What a browser's PushSubscription gives: its push service address and its two keys, base64url. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The server's VAPID key pair: the public key as an uncompressed P-256 point, the private scalar, both base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who to contact about this sender: a mailto: or https: address (RFC 8292 §2.1). */
  subject: string;
}

/** A record size that holds any payload a push service takes (4096 bytes at most, header included). */
const RECORD_SIZE = 4096;
const HEADER_BYTES = 16 + 4 + 1 + 65;
/** The largest plaintext one record carries: the record size less the header, the padding delimiter and the tag. */
export const MAX_PUSH_PAYLOAD_BYTES = RECORD_SIZE - HEADER_BYTES - 1 - 16;

const P256 = { name: 'ECDH', namedCurve: 'P-256' } as const;
const text = (value: string): Bytes => new TextEncoder().encode(value);

function concat(...parts: Uint8Array[]): Bytes {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A P-256 public key as the uncompressed point browsers and VAPID use (0x04 ‖ x ‖ y); throws on anything else. */
function p256Point(base64url: string, name: string): Bytes {
  let bytes: Bytes;
  try {
    bytes = fromBase64Url(base64url);
  } catch {
    throw new Error(`${name} is not base64url`);
  }
  if (bytes.length !== 65 || bytes[0] !== 4) throw new Error(`${name} is not an uncompressed P-256 point`);
  return bytes;
}

/** HKDF-SHA-256 (RFC 5869), as RFC 8291 and RFC 8188 use it. */
async function hkdf(salt: Bytes, ikm: Bytes, info: Bytes, bytes: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

/** A P-256 private key from its public point and private scalar (JWK is WebCrypto's only way to import a raw scalar). */
function privateJwk(point: Bytes, scalar: string): JsonWebKey {
  return { kty: 'EC', crv: 'P-256', x: toBase64Url(point.slice(1, 33)), y: toBase64Url(point.slice(33, 65)), d: scalar, ext: false };
}

/** Fixed inputs for the RFC's worked example; a real message draws both at random. */
export interface EncryptionSeed {
  /** The sender's one-time key pair (its public point and private scalar, base64url). */
  ephemeral: { publicKey: string; privateKey: string };
  salt: Bytes;
}

/**
 * The body of a push message for one browser (RFC 8291 §3–4): a one-time
 * ECDH key with the browser's key and its auth secret give, through HKDF,
 * the content key and nonce; the payload is one aes128gcm record whose
 * header carries the salt and the one-time public key.
 */
export async function encryptPushPayload(
  target: Pick<PushTarget, 'p256dh' | 'auth'>,
  payload: Bytes,
  seed?: EncryptionSeed,
): Promise<Bytes> {
  if (payload.length > MAX_PUSH_PAYLOAD_BYTES)
    throw new Error(`the payload has ${payload.length} bytes; at most ${MAX_PUSH_PAYLOAD_BYTES} fit`);
  const uaPublic = p256Point(target.p256dh, 'p256dh');
  let authSecret: Bytes;
  try {
    authSecret = fromBase64Url(target.auth);
  } catch {
    throw new Error('auth is not base64url');
  }
  if (authSecret.length !== 16) throw new Error('auth is not a 16-byte secret');

  let asPublic: Bytes;
  let asPrivate: CryptoKey;
  if (seed) {
    asPublic = p256Point(seed.ephemeral.publicKey, 'the ephemeral public key');
    asPrivate = await crypto.subtle.importKey('jwk', privateJwk(asPublic, seed.ephemeral.privateKey), P256, false, ['deriveBits']);
  } else {
    const pair = await crypto.subtle.generateKey(P256, true, ['deriveBits']);
    asPublic = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
    asPrivate = pair.privateKey;
  }
  const salt = seed?.salt ?? crypto.getRandomValues(new Uint8Array(16));

  const uaKey = await crypto.subtle.importKey('raw', uaPublic, P256, false, []);
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: uaKey }, asPrivate, 256));
  // RFC 8291 §3.4: IKM from the shared secret under the auth secret, bound to both public keys.
  const ikm = await hkdf(authSecret, ecdhSecret, concat(text('WebPush: info\0'), uaPublic, asPublic), 32);
  // RFC 8188 §2.2–2.3: the content key and nonce under the salt.
  const cek = await hkdf(salt, ikm, text('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, text('Content-Encoding: nonce\0'), 12);

  const key = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  // One record, so it is the last: the padding delimiter 0x02 and no padding.
  const record = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, key, concat(payload, Uint8Array.of(2))));
  const header = new Uint8Array(HEADER_BYTES);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = 65;
  header.set(asPublic, 21);
  return concat(header, record);
}

/**
 * The VAPID Authorization header for a push service (RFC 8292 §2–3): an
 * ES256 JWT for the endpoint's origin, valid for 12 hours (at most 24 are
 * allowed), with the public key beside it.
 */
export async function vapidAuthorization(endpoint: string, vapid: VapidKeys, nowMs: number): Promise<string> {
  const publicKey = p256Point(vapid.publicKey, 'VAPID_PUBLIC_KEY');
  const signingKey = await crypto.subtle.importKey(
    'jwk',
    privateJwk(publicKey, vapid.privateKey),
    { name: 'ECDSA', namedCurve: 'P-256' },
    false,
    ['sign'],
  );
  const encode = (value: object) => toBase64Url(text(JSON.stringify(value)));
  const claims = { aud: new URL(endpoint).origin, exp: Math.floor(nowMs / 1000) + 12 * 3600, sub: vapid.subject };
  const signingInput = `${encode({ typ: 'JWT', alg: 'ES256' })}.${encode(claims)}`;
  // WebCrypto's ECDSA signature is r ‖ s, exactly JWS's ES256 form.
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, signingKey, text(signingInput)));
  return `vapid t=${signingInput}.${toBase64Url(signature)}, k=${vapid.publicKey}`;
}

export interface PushRequestOptions {
  /** Seconds the push service keeps an undelivered message (the phone may be off). */
  ttlSeconds: number;
  /** RFC 8030 §5.3: 'high' wakes a sleeping phone for an order. */
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** RFC 8030 §5.4: a newer message with the same topic replaces an undelivered one. */
  topic?: string;
  nowMs: number;
}

/** The HTTP request that delivers `payload` to one browser (RFC 8030 §5), encrypted and signed. */
export async function pushRequest(target: PushTarget, payload: string, vapid: VapidKeys, options: PushRequestOptions): Promise<Request> {
  const body = await encryptPushPayload(target, text(payload));
  const headers: Record<string, string> = {
    Authorization: await vapidAuthorization(target.endpoint, vapid, options.nowMs),
    'Content-Encoding': 'aes128gcm',
    'Content-Type': 'application/octet-stream',
    TTL: String(options.ttlSeconds),
    Urgency: options.urgency,
  };
  if (options.topic) headers.Topic = options.topic;
  return new Request(target.endpoint, { method: 'POST', headers, body });
}

/** Whether the configured keys are a usable pair (checked once when a function starts). */
export function isVapidKeys(value: Partial<VapidKeys>): value is VapidKeys {
  try {
    p256Point(value.publicKey ?? '', 'VAPID_PUBLIC_KEY');
    return fromBase64Url(value.privateKey ?? '').length === 32 && /^(mailto:|https:\/\/)/.test(value.subject ?? '');
  } catch {
    return false;
  }
}
