import { withdrawalExemptionNote } from '../../domain/withdrawal-right.ts';
import type { CartViewLine } from './cart-lines.ts';

/**
 * The calm legal note under a cart line whose product cannot be returned
 * within 14 days: live flowers, or a product the owner set so. The same text
 * on the cart page, the checkout's table and in the drawer; printed with the
 * cart too. Neutral colour: it informs, it does not warn.
 */
export function WithdrawalMark({ line }: { line: CartViewLine }) {
  if (!line.withdrawalExemption || line.availability === 'unavailable') return null;
  return (
    <span className="mt-1 block text-sm text-ink-muted" data-testid="no-withdrawal">
      {withdrawalExemptionNote(line.withdrawalExemption)}
    </span>
  );
}
