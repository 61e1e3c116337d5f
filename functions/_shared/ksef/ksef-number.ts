/**
 * The KSeF number (ksef-docs faktury/numer-ksef.md): 35 characters,
 * `NIP-YYYYMMDD-12 hex-CRC8`, the checksum CRC-8 (polynomial 0x07, initial
 * 0x00) over the first 32 characters, two upper-case hex digits.
 */

export function crc8(text: string): number {
  let crc = 0;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80 ? ((crc << 1) ^ 0x07) & 0xff : (crc << 1) & 0xff;
  }
  return crc;
}

function checksum(data: string): string {
  return crc8(data).toString(16).toUpperCase().padStart(2, '0');
}

export function isValidKsefNumber(value: string): boolean {
  if (!/^\d{10}-\d{8}-[0-9A-F]{12}-[0-9A-F]{2}$/.test(value)) return false;
  return checksum(value.slice(0, 32)) === value.slice(33);
}

/** A number for the stand-in to give: the NIP, the day accepted (YYYYMMDD), 12 hex digits of its own. */
export function ksefNumber(nip: string, day: string, technical: string): string {
  const data = `${nip}-${day}-${technical.toUpperCase()}`;
  return `${data}-${checksum(data)}`;
}
