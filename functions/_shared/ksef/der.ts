/**
 * Just enough DER to read an X.509 certificate for XAdES (the issuer name
 * and serial for IssuerSerial) and for encryption (the SubjectPublicKeyInfo
 * WebCrypto imports). WebCrypto cannot parse certificates itself.
 */

interface Node {
  tag: number;
  /** The whole element (header and content). */
  raw: Uint8Array;
  content: Uint8Array;
}

function read(bytes: Uint8Array, offset: number): Node {
  const tag = bytes[offset];
  let length = bytes[offset + 1];
  if (tag === undefined || length === undefined) throw new Error('DER: truncated');
  let header = 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4) throw new Error('DER: unsupported length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + (bytes[offset + 2 + i] ?? 0);
    header += count;
  }
  const end = offset + header + length;
  if (end > bytes.length) throw new Error('DER: truncated');
  return { tag, raw: bytes.subarray(offset, end), content: bytes.subarray(offset + header, end) };
}

function children(node: Node): Node[] {
  const out: Node[] = [];
  for (let offset = 0; offset < node.content.length;) {
    const child = read(node.content, offset);
    out.push(child);
    offset += child.raw.length;
  }
  return out;
}

function oid(content: Uint8Array): string {
  const parts: number[] = [Math.floor((content[0] ?? 0) / 40), (content[0] ?? 0) % 40];
  let value = 0;
  for (const byte of content.subarray(1)) {
    value = value * 128 + (byte & 0x7f);
    if (!(byte & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

const NAME_KEYS: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.4': 'SN',
  '2.5.4.42': 'G',
  '2.5.4.97': 'OID.2.5.4.97',
};

function escapeRdnValue(value: string): string {
  return value
    .replace(/([,+"\\<>;])/g, '\\$1')
    .replace(/^([ #])/, '\\$1')
    .replace(/ $/, '\\ ');
}

/** A Name as RFC 4514 text: last RDN first, as XMLDSig's X509IssuerName wants (and .NET's Issuer prints, with ", "). */
function nameText(name: Node): string {
  const rdns = children(name).map((set) =>
    children(set)
      .map((pair) => {
        const [type, value] = children(pair);
        if (!type || !value) throw new Error('DER: bad name');
        const key = oid(type.content);
        return `${NAME_KEYS[key] ?? key}=${escapeRdnValue(new TextDecoder().decode(value.content))}`;
      })
      .join('+'),
  );
  return rdns.reverse().join(', ');
}

function unsignedDecimal(content: Uint8Array): string {
  let value = 0n;
  for (const byte of content) value = value * 256n + BigInt(byte);
  return value.toString(10);
}

export interface CertificateInfo {
  der: Uint8Array;
  issuer: string;
  /** The serial number in decimal, as XAdES IssuerSerial carries it. */
  serialNumber: string;
  subjectPublicKeyInfo: Uint8Array;
  keyType: 'RSA' | 'EC';
}

const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
const EC_PUBLIC_KEY = '1.2.840.10045.2.1';

export function readCertificate(der: Uint8Array): CertificateInfo {
  const [tbs] = children(read(der, 0));
  if (!tbs) throw new Error('DER: no tbsCertificate');
  const fields = children(tbs);
  // The version is an explicit [0]; without it the serial comes first.
  const start = fields[0]?.tag === 0xa0 ? 1 : 0;
  const serial = fields[start];
  const issuer = fields[start + 2];
  const spki = fields[start + 5];
  if (!serial || !issuer || !spki) throw new Error('DER: short tbsCertificate');
  const algorithm = children(children(spki)[0] ?? spki)[0];
  const keyOid = algorithm ? oid(algorithm.content) : '';
  if (keyOid !== RSA_ENCRYPTION && keyOid !== EC_PUBLIC_KEY) throw new Error(`unsupported key algorithm ${keyOid}`);
  return {
    der,
    issuer: nameText(issuer),
    serialNumber: unsignedDecimal(serial.content),
    subjectPublicKeyInfo: spki.raw,
    keyType: keyOid === RSA_ENCRYPTION ? 'RSA' : 'EC',
  };
}
