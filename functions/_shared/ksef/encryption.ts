import { buffer, fromBase64, sha256, toBase64 } from './bytes.ts';
import { readCertificate } from './der.ts';

/**
 * Encryption for an online session (ksef-docs sesja-interaktywna.md, the
 * ministry's CryptographyService): a fresh AES-256 key and 16-byte IV per
 * session, the key wrapped with RSA-OAEP (SHA-256, MGF1-SHA-256) under the
 * ministry's SymmetricKeyEncryption certificate; each invoice AES-256-CBC
 * with PKCS#7 padding, the IV sent once at session opening (not prefixed to
 * the content: the API's own example has 6480 bytes → 6496 encrypted).
 */

export interface PublicKeyCertificate {
  certificate: string;
  publicKeyId?: string;
  validFrom: string;
  validTo: string;
  usage: string[];
}

/** The certificate to wrap session keys with: usage SymmetricKeyEncryption, valid now, the newest first. */
export function pickSymmetricKeyCertificate(list: readonly PublicKeyCertificate[], now: number): PublicKeyCertificate {
  const usable = list
    .filter((entry) => entry.usage.includes('SymmetricKeyEncryption'))
    .filter((entry) => Date.parse(entry.validFrom) <= now && now < Date.parse(entry.validTo))
    .sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom));
  const chosen = usable[0];
  if (!chosen) throw new Error('KSeF published no valid SymmetricKeyEncryption certificate');
  return chosen;
}

export interface SessionEncryption {
  key: CryptoKey;
  iv: Uint8Array;
  /** The body's `encryption` for POST /sessions/online. */
  info: { encryptedSymmetricKey: string; initializationVector: string; publicKeyId?: string };
}

export async function newSessionEncryption(certificate: PublicKeyCertificate): Promise<SessionEncryption> {
  const { subjectPublicKeyInfo } = readCertificate(fromBase64(certificate.certificate));
  const wrappingKey = await crypto.subtle.importKey('spki', buffer(subjectPublicKeyInfo), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'encrypt',
  ]);
  const raw = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey('raw', buffer(raw), { name: 'AES-CBC' }, false, ['encrypt']);
  const wrapped = new Uint8Array(await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, wrappingKey, buffer(raw)));
  raw.fill(0);
  return {
    key,
    iv,
    info: {
      encryptedSymmetricKey: toBase64(wrapped),
      initializationVector: toBase64(iv),
      ...(certificate.publicKeyId ? { publicKeyId: certificate.publicKeyId } : {}),
    },
  };
}

/** The body of POST /sessions/online/{ref}/invoices (SendInvoiceRequest). */
export interface SendInvoiceBody {
  invoiceHash: string;
  invoiceSize: number;
  encryptedInvoiceHash: string;
  encryptedInvoiceSize: number;
  encryptedInvoiceContent: string;
  offlineMode: false;
}

export async function encryptInvoice(invoice: Uint8Array, session: Pick<SessionEncryption, 'key' | 'iv'>): Promise<SendInvoiceBody> {
  // WebCrypto's AES-CBC always pads with PKCS#7.
  const encrypted = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-CBC', iv: buffer(session.iv) }, session.key, buffer(invoice)));
  return {
    invoiceHash: toBase64(await sha256(invoice)),
    invoiceSize: invoice.length,
    encryptedInvoiceHash: toBase64(await sha256(encrypted)),
    encryptedInvoiceSize: encrypted.length,
    encryptedInvoiceContent: toBase64(encrypted),
    offlineMode: false,
  };
}
