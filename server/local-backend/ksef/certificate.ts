import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * Self-signed X.509 certificates for the local KSeF stand-in: the owner's
 * local KSeF certificate (per install) and the stand-in's own encryption key
 * certificate. node:crypto can read certificates but not make them, so this
 * writes the DER itself (RSA-2048 with sha256WithRSAEncryption, or EC P-256
 * with ecdsa-with-SHA256, the two key types KSeF certificates take).
 */

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.of(size);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest >>= 8) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.of(tag), length(content.length), content]);
}

const sequence = (...items: Buffer[]) => tlv(0x30, Buffer.concat(items));
const set = (...items: Buffer[]) => tlv(0x31, Buffer.concat(items));
const nullValue = () => Buffer.of(0x05, 0x00);

function objectId(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [first * 40 + second];
  for (const part of rest) {
    const chunk: number[] = [part & 0x7f];
    for (let value = part >> 7; value > 0; value >>= 7) chunk.unshift((value & 0x7f) | 0x80);
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function integer(bytes: Buffer): Buffer {
  return tlv(0x02, (bytes[0] ?? 0) & 0x80 ? Buffer.concat([Buffer.of(0), bytes]) : bytes);
}

function time(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  return date.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(text.slice(2), 'ascii')) : tlv(0x18, Buffer.from(text, 'ascii'));
}

export const NAME_OIDS = {
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  givenName: '2.5.4.42',
  organizationIdentifier: '2.5.4.97',
} as const;

export type NameAttribute = [keyof typeof NAME_OIDS, string];

function name(attributes: readonly NameAttribute[]): Buffer {
  return sequence(
    ...attributes.map(([key, value]) =>
      set(
        sequence(
          objectId(NAME_OIDS[key]),
          key === 'country' ? tlv(0x13, Buffer.from(value, 'ascii')) : tlv(0x0c, Buffer.from(value, 'utf8')),
        ),
      ),
    ),
  );
}

export interface IssuedCertificate {
  certificatePem: string;
  privateKeyPem: string;
  der: Buffer;
}

/** A self-signed certificate for `subject`, valid from a day ago for `days`. */
export function selfSignedCertificate(
  subject: readonly NameAttribute[],
  days: number,
  now = Date.now(),
  keyType: 'RSA' | 'EC' = 'RSA',
): IssuedCertificate {
  const { privateKey, publicKey } =
    keyType === 'RSA' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return certificateFor(subject, privateKey, publicKey, days, now);
}

function certificateFor(
  subject: readonly NameAttribute[],
  privateKey: KeyObject,
  publicKey: KeyObject,
  days: number,
  now: number,
): IssuedCertificate {
  const algorithm =
    privateKey.asymmetricKeyType === 'ec'
      ? sequence(objectId('1.2.840.10045.4.3.2'))
      : sequence(objectId('1.2.840.113549.1.1.11'), nullValue());
  const serial = randomBytes(16);
  serial[0] = (serial[0] ?? 1) & 0x7f || 1;
  const tbs = sequence(
    tlv(0xa0, integer(Buffer.of(2))),
    integer(serial),
    algorithm,
    name(subject),
    sequence(time(new Date(now - 86_400_000)), time(new Date(now + days * 86_400_000))),
    name(subject),
    publicKey.export({ format: 'der', type: 'spki' }),
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = sequence(tbs, algorithm, tlv(0x03, Buffer.concat([Buffer.of(0), signature])));
  const body = der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd();
  return {
    certificatePem: `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`,
    privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    der,
  };
}

export function sha256Base64(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('base64');
}

/** A random NIP with a valid check digit (ksef-docs: use random NIPs for tests, never real ones). */
export function randomNip(): string {
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  for (;;) {
    const digits = [...randomBytes(9)].map((byte) => byte % 10);
    if (digits[0] === 0) continue;
    const check = digits.reduce((sum, digit, i) => sum + digit * (weights[i] ?? 0), 0) % 11;
    if (check < 10) return [...digits, check].join('');
  }
}

export interface LocalKsefCredentials {
  nip: string;
  certificatePem: string;
  privateKeyPem: string;
}

/** The owner's local KSeF certificate: a self-signed personal certificate naming the NIP, as the TEST environment accepts. */
export function newLocalKsefCredentials(): LocalKsefCredentials {
  const nip = randomNip();
  const issued = selfSignedCertificate(
    [
      ['givenName', 'Właścicielka'],
      ['surname', 'Kwiaciarni'],
      ['serialNumber', `TINPL-${nip}`],
      ['commonName', 'Kwiaciarnia (lokalny certyfikat KSeF)'],
      ['country', 'PL'],
    ],
    3650,
  );
  return { nip, certificatePem: issued.certificatePem, privateKeyPem: issued.privateKeyPem };
}
