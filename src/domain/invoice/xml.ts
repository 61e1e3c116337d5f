/** Text and attribute escaping for the invoice XML, and grosz as FA(3) amounts. */

export function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');
}

/** Grosz as an FA(3) amount: '12.30', '-0.05'. */
export function amount(value: number): string {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of grosz: ${value}`);
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An element with escaped text, or nothing for a missing value. */
export function el(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

export function wrap(name: string, ...children: string[]): string {
  return `<${name}>${children.join('')}</${name}>`;
}
