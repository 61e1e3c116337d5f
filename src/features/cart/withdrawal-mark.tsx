import { WITHDRAWAL_RULE_LABELS } from '../../domain/withdrawal-right.ts';
import type { CartViewLine } from './cart-lines.ts';

/**
 * 'Bez prawa odstąpienia' and the short reason under a cart line whose
 * product cannot be returned within 14 days (issue 19): live flowers, or a
 * product the owner set so. The same text on the cart page, the checkout's
 * table and in the drawer; printed with the cart too.
 */
export function WithdrawalMark({ line }: { line: CartViewLine }) {
  if (!line.withdrawalExemption || line.availability === 'unavailable') return null;
  return (
    <span className="mt-1 block text-sm text-blush-700" data-testid="no-withdrawal">
      {WITHDRAWAL_RULE_LABELS[line.withdrawalExemption]}
    </span>
  );
}
