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

const plnFormat = new Intl.NumberFormat('pl-PL', {
  style: 'currency',
  currency: 'PLN',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Polish price format, e.g. "1 234,50 zł". */
export function formatPln(amount: Grosz): string {
  return plnFormat.format(toPln(amount));
}
