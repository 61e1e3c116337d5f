import { execFileSync } from 'node:child_process';
import { createDecipheriv, createHash, privateDecrypt, constants, type KeyObject } from 'node:crypto';

/**
 * What the stand-in checks in a sent invoice, with the invoice status codes
 * KSeF documents (open-api.json SessionInvoiceStatusResponse): 435 when it
 * does not decrypt, 430 when the file does not verify (hashes, sizes,
 * well-formedness, the FA(3) root, and the XSD when one is given), 410 when
 * the seller is not the session's context.
 */

export const FA3_NAMESPACE = 'http://crd.gov.pl/wzor/2025/06/25/13775/';

export interface SessionKey {
  key: Buffer;
  iv: Buffer;
}

export function unwrapSessionKey(privateKey: KeyObject, encryptedSymmetricKey: string, initializationVector: string): SessionKey | null {
  try {
    const key = privateDecrypt(
      { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(encryptedSymmetricKey, 'base64'),
    );
    const iv = Buffer.from(initializationVector, 'base64');
    return key.length === 32 && iv.length === 16 ? { key, iv } : null;
  } catch {
    return null;
  }
}

export interface SentInvoice {
  invoiceHash: string;
  invoiceSize: number;
  encryptedInvoiceHash: string;
  encryptedInvoiceSize: number;
  encryptedInvoiceContent: string;
}

export interface Verdict {
  code: number;
  description: string;
  details: string[];
  xml?: string;
  invoiceNumber?: string;
  issueDate?: string;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('base64');

function fileError(detail: string): Verdict {
  return { code: 430, description: 'Błąd weryfikacji pliku faktury', details: [detail] };
}

function xmllint(args: string[], xml: string): string | null {
  try {
    execFileSync('xmllint', [...args, '-'], { input: xml, stdio: ['pipe', 'ignore', 'pipe'] });
    return null;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString('utf8') ?? 'xmllint';
    return stderr.split('\n').filter(Boolean).slice(0, 3).join(' ');
  }
}

/** Decrypts and checks one invoice; code 200 means it may get a KSeF number. */
export function checkInvoice(sent: SentInvoice, session: SessionKey, contextNip: string, schemaFile?: string): Verdict {
  const encrypted = Buffer.from(sent.encryptedInvoiceContent, 'base64');
  if (encrypted.length !== sent.encryptedInvoiceSize || sha(encrypted) !== sent.encryptedInvoiceHash)
    return fileError('Skrót lub rozmiar zaszyfrowanego pliku nie zgadza się z przesłaną treścią.');
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', session.key, session.iv);
    plain = Buffer.concat([decipher.update(encrypted), decipher.final()]);
  } catch {
    return { code: 435, description: 'Błąd odszyfrowania pliku', details: [] };
  }
  if (plain.length !== sent.invoiceSize || sha(plain) !== sent.invoiceHash)
    return fileError('Skrót lub rozmiar pliku faktury nie zgadza się z odszyfrowaną treścią.');
  const xml = plain.toString('utf8');
  const malformed = xmllint(['--noout'], xml);
  if (malformed) return fileError(malformed);
  const root = /<(?:([\w-]+):)?Faktura\b([^>]*)>/.exec(xml);
  const prefix = root?.[1] ? `:${root[1]}` : '';
  if (!root || !(root[2] ?? '').includes(`xmlns${prefix}="${FA3_NAMESPACE}"`)) return fileError('Dokument nie jest fakturą FA(3).');
  if (schemaFile) {
    const invalid = xmllint(['--noout', '--schema', schemaFile], xml);
    if (invalid) return fileError(invalid);
  }
  const seller = /<(?:[\w-]+:)?Podmiot1\b[\s\S]*?<(?:[\w-]+:)?NIP>(\d{10})</.exec(xml)?.[1];
  if (seller !== contextNip)
    return { code: 410, description: 'Nieprawidłowy zakres uprawnień', details: ['NIP sprzedawcy różni się od kontekstu sesji.'] };
  const invoiceNumber = /<(?:[\w-]+:)?P_2>([^<]+)</.exec(xml)?.[1]?.trim();
  const issueDate = /<(?:[\w-]+:)?P_1>(\d{4}-\d{2}-\d{2})</.exec(xml)?.[1];
  if (!invoiceNumber || !issueDate)
    return {
      code: 450,
      description: 'Błąd weryfikacji semantyki dokumentu faktury',
      details: ['Brak numeru (P_2) lub daty wystawienia (P_1).'],
    };
  return { code: 200, description: 'Sukces', details: [], xml, invoiceNumber, issueDate };
}
