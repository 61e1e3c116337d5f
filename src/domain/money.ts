/**
 * Money inside the domain is an integer number of grosz (1/100 PLN), so sums
 * never drift; the database keeps numeric(10,2) and converts at the edges.
 */
export type Grosz = number & { readonly __unit: 'grosz' };

export function grosz(value: number): Grosz {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of grosz: ${value}`);
  return value as Grosz;
}

/** Converts a PLN amount (as PostgREST returns numeric, or a form value) to grosz. */
export function fromPln(pln: number | string): Grosz {
  const value = typeof pln === 'string' ? Number(pln.replace(',', '.')) : pln;
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${String(pln)}`);
  return Math.round(value * 100) as Grosz;
}

/** Converts grosz to a PLN number with two decimals, for numeric(10,2) columns. */
export function toPln(amount: Grosz): number {
  return amount / 100;
}

export function addMoney(...amounts: Grosz[]): Grosz {
  return amounts.reduce((sum, amount) => sum + amount, 0) as Grosz;
}

export function multiplyMoney(amount: Grosz, quantity: number): Grosz {
  return grosz(amount * quantity);
}

const NBSP = '\u00a0';

/**
 * Polish price format, e.g. "1234,50 zł", "12 345,67 zł" (non-breaking
 * spaces): what Intl.NumberFormat('pl-PL', PLN) prints, written out because
 * creating that formatter loads the locale data, a long task on a slow phone
 * while the first page comes to life. Polish groups thousands only from five
 * digits on (CLDR minimum grouping digits 2).
 */
export function formatPln(amount: Grosz): string {
  const magnitude = Math.abs(amount);
  const whole = String(Math.floor(magnitude / 100));
  const grouped = whole.length >= 5 ? whole.replace(/\B(?=(\d{3})+$)/g, NBSP) : whole;
  const fraction = String(magnitude % 100).padStart(2, '0');
  return `${amount < 0 ? '-' : ''}${grouped},${fraction}${NBSP}zł`;
}

/**
 * A decimal number as people type it: '300', '1,80', '1 000,00' or
 * '1000.50' (spaces, no-break spaces included, group thousands; a comma or a
 * point marks the decimals). Null for anything else ('1.000,00', '12zł').
 * The one reading of typed numbers: settings, the product form, the checkout
 * and the functions all use it.
 */
export function parseDecimalText(text: string | null | undefined): number | null {
  const normalized = (text ?? '')
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normalized)) return null;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : null;
}

/** An amount in PLN as typed (see parseDecimalText), in grosz; null unless it is ≥ 0 with at most two decimals. */
export function parseAmountText(text: string | null | undefined): Grosz | null {
  const value = parseDecimalText(text);
  if (value === null || value < 0 || value > 99_999_999) return null;
  const cents = value * 100;
  if (Math.abs(Math.round(cents) - cents) > 1e-6) return null;
  return Math.round(cents) as Grosz;
}

/** An amount setting (free_shipping_threshold, delivery_rate_per_km): blank or unreadable → the default. */
export function amountSettingOr(text: string | null | undefined, fallback: Grosz): Grosz {
  return parseAmountText(text) ?? fallback;
}
