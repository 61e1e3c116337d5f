import { ORDER_PAYMENT_STATE_LABELS } from '../../../domain/payment-ledger.ts';
import type { AdminOrder } from '../orders/order.ts';
import { StatusBadge } from '../admin-ui.tsx';
import { useAdminData } from '../orders/orders-data.tsx';
import { awaitingPaymentLabel, collectLabel, dueOf, paymentStateOf } from './order-money.ts';

const PAID = 'bg-forest-700 text-white';
const DUE = 'bg-blush-100 text-blush-700';

/**
 * For whoever hands the order over: 'Opłacone', or 'Do pobrania: 120,00 zł' to collect, and for an order
 * nobody has paid yet when the shop gives it up; nothing for a cancelled order.
 */
export function CollectMark({ order }: { order: AdminOrder }) {
  const { transferPaymentDays } = useAdminData();
  const label = collectLabel(order);
  if (!label) return null;
  const awaiting = awaitingPaymentLabel(order, transferPaymentDays);
  return (
    <>
      <StatusBadge status="payment" label={label} tone={dueOf(order) > 0 ? DUE : PAID} />
      {awaiting && <span className="text-sm text-ink-muted">{awaiting}</span>}
    </>
  );
}

/**
 * The ledger's word for the order in a list row: 'Opłacone', 'Nieopłacone', 'Opłacone częściowo', 'Zwrócono';
 * nothing for a cancelled order nobody paid (there is nothing to collect or return).
 */
export function PaymentStateMark({ order }: { order: AdminOrder }) {
  const state = paymentStateOf(order);
  if (state === 'unpaid' && order.status === 'cancelled') return null;
  return <StatusBadge status="payment" label={ORDER_PAYMENT_STATE_LABELS[state]} tone={state === 'paid' ? PAID : DUE} />;
}
