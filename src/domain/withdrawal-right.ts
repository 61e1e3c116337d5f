/**
 * Which goods a consumer may return within 14 days. The product
 * page, the cart, the order confirmation, the /odstapienie form and the
 * withdrawal-request function all ask this module, so the rule lives here.
 *
 * Art. 38 ustawy o prawach konsumenta: no right of withdrawal for goods that
 * deteriorate quickly (pkt 4: live flowers) or are made to the customer's
 * specification (pkt 3: personalised wreaths, ribbons with text).
 */

import type { CategoryId } from './categories.ts';
import { takesRibbon } from './florist-order.ts';

/** The per-product setting in the admin form; 'category' follows the product's category. */
export const WITHDRAWAL_RULES = ['category', 'returnable', 'perishable', 'personalised'] as const;
export type WithdrawalRule = (typeof WITHDRAWAL_RULES)[number];
export const WITHDRAWAL_RULE_LABELS: Record<WithdrawalRule, string> = {
  category: 'Według kategorii',
  returnable: 'Przysługuje prawo odstąpienia',
  perishable: 'Bez prawa odstąpienia – szybko traci świeżość (art. 38 ust. 1 pkt 4)',
  personalised: 'Bez prawa odstąpienia – wykonany według specyfikacji klienta (art. 38 ust. 1 pkt 3)',
};
export const DEFAULT_WITHDRAWAL_RULE: WithdrawalRule = 'category';

export type WithdrawalExemption = 'perishable' | 'personalised';

/** Short mark beside a line in the /odstapienie form and on the product page. */
export const NO_WITHDRAWAL_LABEL = 'Nie podlega zwrotowi';

/** The legal basis of each exemption (art. 38 ust. 1 ustawy o prawach konsumenta). */
export const WITHDRAWAL_EXEMPTION_BASIS: Record<WithdrawalExemption, string> = {
  perishable: 'art. 38 ust. 1 pkt 4 ustawy o prawach konsumenta',
  personalised: 'art. 38 ust. 1 pkt 3 ustawy o prawach konsumenta',
};

const EXEMPTION_CAUSES: Record<WithdrawalExemption, string> = {
  perishable: 'produkt szybko traci świeżość',
  personalised: 'produkt wykonany według Twojej specyfikacji',
};

/**
 * The calm note under a line in the cart and in the order confirmation:
 * 'Nie podlega zwrotowi – produkt szybko traci świeżość (art. 38 ust. 1 pkt 4 …)'.
 */
export function withdrawalExemptionNote(exemption: WithdrawalExemption): string {
  return `${NO_WITHDRAWAL_LABEL} – ${EXEMPTION_CAUSES[exemption]} (${WITHDRAWAL_EXEMPTION_BASIS[exemption]})`;
}

/** Why the right does not apply, in the customer's words; also the refusal text of the withdrawal function. */
export const WITHDRAWAL_EXEMPTION_REASONS: Record<WithdrawalExemption, string> = {
  perishable:
    'Kwiaty żywe szybko tracą świeżość, dlatego nie przysługuje prawo odstąpienia od umowy (art. 38 ust. 1 pkt 4 ustawy o prawach konsumenta).',
  personalised:
    'Produkt wykonany według Twojej specyfikacji (np. wieniec lub szarfa z napisem), dlatego nie przysługuje prawo odstąpienia od umowy (art. 38 ust. 1 pkt 3 ustawy o prawach konsumenta).',
};

/** The withdrawal period in days from the day the goods were received (art. 27). */
export const WITHDRAWAL_PERIOD_DAYS = 14;

const CATEGORY_EXEMPTIONS: Partial<Record<CategoryId, WithdrawalExemption>> = { 'live-flowers': 'perishable' };

export interface WithdrawalProduct {
  category: CategoryId;
  /** Absent on copies stored before the setting existed: treated as 'category'. */
  withdrawal_rule?: WithdrawalRule;
}

/** The product's own exemption, before anything the customer ordered onto it. */
export function productWithdrawalExemption(product: WithdrawalProduct): WithdrawalExemption | null {
  const rule = product.withdrawal_rule ?? DEFAULT_WITHDRAWAL_RULE;
  if (rule === 'returnable') return null;
  if (rule === 'perishable' || rule === 'personalised') return rule;
  return CATEGORY_EXEMPTIONS[product.category] ?? null;
}

/**
 * An ordered line's exemption: the product's own, or 'personalised' when the
 * order put a ribbon text on a wreath or wiązanka (the ribbon is printed for
 * this customer, so even an otherwise returnable wreath cannot go back).
 */
export function lineWithdrawalExemption(
  product: WithdrawalProduct & { name: string },
  order: { ribbonText?: string | null } = {},
): WithdrawalExemption | null {
  const own = productWithdrawalExemption(product);
  if (own) return own;
  if (order.ribbonText?.trim() && takesRibbon(product.name)) return 'personalised';
  return null;
}
