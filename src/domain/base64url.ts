/** Bytes as base64url without padding (RFC 4648 §5), as JWTs, Web Push keys and the shop's tokens write them. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url (padded or not) as bytes; throws on any other character. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const trimmed = text.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(trimmed)) throw new Error('not base64url');
  const binary = atob(trimmed.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
