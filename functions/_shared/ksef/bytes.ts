/** Byte helpers shared by the KSeF client; WebCrypto only, so Deno and Node run the same code. */

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Accepts base64 or base64url, as the ministry's client does for invoice hashes. */
export function fromBase64OrBase64Url(text: string): Uint8Array {
  const plain = text.replace(/-/g, '+').replace(/_/g, '/');
  return fromBase64(plain + '='.repeat((4 - (plain.length % 4)) % 4));
}

export function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/** A copy on a plain ArrayBuffer, as WebCrypto's BufferSource wants it. */
export function buffer(bytes: Uint8Array): ArrayBuffer {
  return bytes.slice().buffer as ArrayBuffer;
}

export async function sha256(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', buffer(bytes)));
}

/** The body of every PEM block with this label, as DER. */
export function pemBlocks(pem: string, label: string): Uint8Array[] {
  const pattern = new RegExp(`-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+?)-----END ${label}-----`, 'g');
  return [...pem.matchAll(pattern)].map((match) => fromBase64(match[1] ?? ''));
}
