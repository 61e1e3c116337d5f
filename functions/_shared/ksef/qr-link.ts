import { fromBase64OrBase64Url, toBase64Url } from './bytes.ts';

/**
 * KOD I, the verification link printed as a QR code on an invoice's visual
 * form (ksef-docs kody-qr.md): `<qr host>/invoice/<seller NIP>/<P_1 as
 * DD-MM-RRRR>/<SHA-256 of the invoice file, base64url>`.
 *
 * `issueDate` is the invoice's P_1 as written in the XML (YYYY-MM-DD);
 * `invoiceHash` is the SHA-256 of the exact file sent, base64 or base64url.
 */
export function invoiceVerificationUrl(qrUrl: string, sellerNip: string, issueDate: string, invoiceHash: string): string {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(issueDate);
  if (!date) throw new Error(`issue date must be YYYY-MM-DD, got ${issueDate}`);
  if (!/^\d{10}$/.test(sellerNip)) throw new Error('seller NIP must be 10 digits');
  const hash = fromBase64OrBase64Url(invoiceHash);
  if (hash.length !== 32) throw new Error('invoice hash must be a SHA-256 digest');
  return `${qrUrl.replace(/\/+$/, '')}/invoice/${sellerNip}/${date[3]}-${date[2]}-${date[1]}/${toBase64Url(hash)}`;
}
