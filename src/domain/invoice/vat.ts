/**
 * VAT rates the shop sells at and how an invoice's VAT follows from gross
 * prices (docs/decisions/036-vat-rates.md). Prices stay gross everywhere;
 * the VAT of each rate is taken from the sum of that rate's gross values.
 */

/** Mirrors the CHECK list on products.vat_rate and order_items.vat_rate. */
export const VAT_RATES = ['23', '8', '5', '0', 'zw'] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const VAT_RATE_LABELS: Record<VatRate, string> = {
  '23': '23%',
  '8': '8%',
  '5': '5%',
  '0': '0%',
  zw: 'zwolniona (zw)',
};

export function isVatRate(value: unknown): value is VatRate {
  return typeof value === 'string' && (VAT_RATES as readonly string[]).includes(value);
}

/** The percentage of a rate; 'zw' carries no VAT. */
export function vatPercent(rate: VatRate): number {
  return rate === 'zw' ? 0 : Number(rate);
}

export interface RateTotals {
  rate: VatRate;
  gross: number;
  net: number;
  vat: number;
}

/**
 * VAT inside a gross amount, in grosz: gross × p / (100 + p), rounded half
 * away from zero to the grosz (art. 106e ust. 11 of the VAT act). Integer
 * arithmetic, so 0.5 grosz is never lost to binary fractions.
 */
export function vatFromGross(gross: number, rate: VatRate): number {
  const percent = vatPercent(rate);
  if (percent === 0) return 0;
  const numerator = Math.abs(gross) * percent;
  const denominator = 100 + percent;
  const rounded = Math.floor((2 * numerator + denominator) / (2 * denominator));
  return gross < 0 ? -rounded : rounded;
}

/** Sums gross values per rate (in VAT_RATES order) and splits each sum into net and VAT. */
export function totalsByRate(lines: readonly { rate: VatRate; gross: number }[]): RateTotals[] {
  return VAT_RATES.flatMap((rate) => {
    const matching = lines.filter((line) => line.rate === rate);
    if (matching.length === 0) return [];
    const gross = matching.reduce((sum, line) => sum + line.gross, 0);
    const vat = vatFromGross(gross, rate);
    return [{ rate, gross, vat, net: gross - vat }];
  });
}

/**
 * Spreads an amount over weights in proportion, in whole grosz, with the
 * largest remainders taking the leftover grosz (ties: the earlier weight), so
 * the parts always add up to the amount exactly.
 */
export function allocateProportionally(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0 || amount === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (amount * weight) / total);
  const parts = exact.map((value) => Math.floor(value));
  let left = amount - parts.reduce((sum, part) => sum + part, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}
