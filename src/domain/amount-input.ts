import type { Grosz } from './money.ts';

/**
 * An amount as a form field shows it: without the currency and without
 * grouping, so money.ts's parseAmountText reads it back as typed. Apart from
 * money.ts because only forms need it, and money.ts loads with the home page.
 */

/** '120,50', '120,00', '0,05': both decimals always, as the owner's payment forms prefill an amount. */
export function formatAmountField(amount: Grosz): string {
  const magnitude = Math.abs(amount);
  return `${amount < 0 ? '-' : ''}${Math.floor(magnitude / 100)},${String(magnitude % 100).padStart(2, '0')}`;
}

/** '30', '12,50', '12345,67': whole złoty without decimals, as a price the owner or the customer types. */
export function formatAmountInput(amount: Grosz): string {
  return formatAmountField(amount).replace(/,00$/, '');
}
