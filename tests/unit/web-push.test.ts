import { createDecipheriv, createECDH, createPublicKey, hkdfSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64Url, toBase64Url } from '../../src/domain/base64url.ts';
import {
  MAX_PUSH_PAYLOAD_BYTES,
  encryptPushPayload,
  isVapidKeys,
  pushRequest,
  vapidAuthorization,
} from '../../functions/_shared/web-push.ts';

// RFC 8291 §5 and Appendix A: the published example, every input pinned.
const RFC = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  asPublic: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
  asPrivate: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
  salt: 'DGv6ra1nlYgDCS1FRnbzlw',
  body:
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_' +
    'yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
};
const target = { p256dh: RFC.uaPublic, auth: RFC.authSecret };
const rfcSeed = { ephemeral: { publicKey: RFC.asPublic, privateKey: RFC.asPrivate }, salt: fromBase64Url(RFC.salt) };

/** The browser's side, written with node:crypto alone (not the code under test): RFC 8291 decryption. */
function decrypt(body: Uint8Array, uaPrivate: string, uaPublic: string, authSecret: string): string {
  const buffer = Buffer.from(body);
  const salt = buffer.subarray(0, 16);
  const keyLength = buffer[20]!;
  const asPublic = buffer.subarray(21, 21 + keyLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(uaPrivate, 'base64url'));
  const shared = ecdh.computeSecret(asPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), Buffer.from(uaPublic, 'base64url'), asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, Buffer.from(authSecret, 'base64url'), info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const record = buffer.subarray(21 + keyLength);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  expect(plain.at(-1)).toBe(2);
  return plain.subarray(0, -1).toString('utf8');
}

const VAPID = {
  // A throwaway pair for the tests (the RFC's sender key: any valid P-256 pair does).
  publicKey: RFC.asPublic,
  privateKey: RFC.asPrivate,
  subject: 'mailto:sklep@example.pl',
};

describe('Web Push encryption (RFC 8291)', () => {
  it("encrypts the RFC's example to the published body, byte for byte", async () => {
    const body = await encryptPushPayload(target, new TextEncoder().encode(RFC.plaintext), rfcSeed);
    expect(toBase64Url(body)).toBe(RFC.body);
  });

  it('draws a fresh key and salt for every message, and the browser can read each', async () => {
    const payload = new TextEncoder().encode('{"title":"Nowe zamówienie nr 2026/0042"}');
    const first = await encryptPushPayload(target, payload);
    const second = await encryptPushPayload(target, payload);
    expect(toBase64Url(first.subarray(0, 16))).not.toBe(toBase64Url(second.subarray(0, 16)));
    expect(toBase64Url(first.subarray(21, 86))).not.toBe(toBase64Url(second.subarray(21, 86)));
    expect(decrypt(first, RFC.uaPrivate, RFC.uaPublic, RFC.authSecret)).toBe('{"title":"Nowe zamówienie nr 2026/0042"}');
    expect(decrypt(second, RFC.uaPrivate, RFC.uaPublic, RFC.authSecret)).toBe('{"title":"Nowe zamówienie nr 2026/0042"}');
  });

  it('refuses keys that are not a browser subscription, and a payload no push service takes', async () => {
    const payload = new Uint8Array(1);
    await expect(encryptPushPayload({ ...target, p256dh: 'AAAA' }, payload)).rejects.toThrow(/p256dh/);
    await expect(encryptPushPayload({ ...target, p256dh: 'not*base64' }, payload)).rejects.toThrow(/p256dh/);
    await expect(encryptPushPayload({ ...target, auth: 'AAAA' }, payload)).rejects.toThrow(/auth/);
    await expect(encryptPushPayload(target, new Uint8Array(MAX_PUSH_PAYLOAD_BYTES + 1))).rejects.toThrow(/at most/);
    expect(await encryptPushPayload(target, new Uint8Array(MAX_PUSH_PAYLOAD_BYTES))).toHaveLength(4096);
  });
});

describe('VAPID (RFC 8292)', () => {
  it('signs an ES256 JWT for the endpoint origin, 12 hours, checked with node:crypto', async () => {
    const nowMs = Date.UTC(2026, 10, 29, 10, 0, 0);
    const header = await vapidAuthorization('https://fcm.googleapis.com/fcm/send/abc', VAPID, nowMs);
    const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header);
    expect(match).not.toBeNull();
    const [, head, claims, signature, key] = match!;
    expect(key).toBe(VAPID.publicKey);
    expect(JSON.parse(Buffer.from(head!, 'base64url').toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(JSON.parse(Buffer.from(claims!, 'base64url').toString())).toEqual({
      aud: 'https://fcm.googleapis.com',
      exp: nowMs / 1000 + 12 * 3600,
      sub: 'mailto:sklep@example.pl',
    });
    const point = Buffer.from(VAPID.publicKey, 'base64url');
    const publicKey = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    const signed = Buffer.from(`${head}.${claims}`);
    expect(verify('sha256', signed, { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature!, 'base64url'))).toBe(true);
    expect(
      verify(
        'sha256',
        Buffer.from(`${head}.x${claims}`),
        { key: publicKey, dsaEncoding: 'ieee-p1363' },
        Buffer.from(signature!, 'base64url'),
      ),
    ).toBe(false);
  });

  it('builds the push request with the headers RFC 8030 names', async () => {
    const request = await pushRequest({ endpoint: 'https://push.example/abc', ...target }, '{}', VAPID, {
      ttlSeconds: 3600,
      urgency: 'high',
      topic: 'order',
      nowMs: Date.now(),
    });
    expect(request.method).toBe('POST');
    expect(request.headers.get('content-encoding')).toBe('aes128gcm');
    expect(request.headers.get('ttl')).toBe('3600');
    expect(request.headers.get('urgency')).toBe('high');
    expect(request.headers.get('topic')).toBe('order');
    expect(request.headers.get('authorization')).toMatch(/^vapid t=/);
    const body = new Uint8Array(await request.arrayBuffer());
    expect(decrypt(body, RFC.uaPrivate, RFC.uaPublic, RFC.authSecret)).toBe('{}');
  });

  it('tells a usable key pair from a broken one', () => {
    expect(isVapidKeys(VAPID)).toBe(true);
    expect(isVapidKeys({ ...VAPID, subject: 'sklep@example.pl' })).toBe(false);
    expect(isVapidKeys({ ...VAPID, privateKey: 'AAAA' })).toBe(false);
    expect(isVapidKeys({ ...VAPID, publicKey: RFC.authSecret })).toBe(false);
    expect(isVapidKeys({})).toBe(false);
  });
});
