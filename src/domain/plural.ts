/** The three Polish plural forms of a countable noun: 1 produkt, 2 produkty, 5 produktów. */
export interface PluralForms {
  one: string;
  few: string;
  many: string;
}

/**
 * Picks the form for `count` by the Polish rule: 1 → one; ending in 2–4
 * (but not 12–14) → few; everything else (0, 5–21, 25…) → many.
 */
export function polishPlural(count: number, forms: PluralForms): string {
  const n = Math.abs(Math.trunc(count));
  if (n === 1) return forms.one;
  const lastDigit = n % 10;
  const lastTwo = n % 100;
  if (lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14)) return forms.few;
  return forms.many;
}

export const PRODUCT_FORMS: PluralForms = { one: 'produkt', few: 'produkty', many: 'produktów' };

/** '1 produkt', '3 produkty', '12 produktów'. */
export function countProducts(count: number): string {
  return `${count} ${polishPlural(count, PRODUCT_FORMS)}`;
}
