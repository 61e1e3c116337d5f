import { formatPln } from '../../../domain/money.ts';
import { formatMediumDay } from '../../../domain/polish-date.ts';
import type { LedgerPaymentState } from '../../../domain/payment-ledger.ts';
import { StatusBadge, formatDateTime } from '../admin-ui.tsx';
import type { AdminPayment, AdminRefund } from './ledger-rows.ts';
import { PAYMENT_STATE_LABELS, REFUND_STATE_LABELS } from './order-money.ts';

/** The ledger's rows as the payments page and the order's detail show them. */

const PAYMENT_TONE: Record<LedgerPaymentState, string> = {
  completed: 'bg-forest-700 text-white',
  pending: 'bg-cream-200 text-ink',
  canceled: 'bg-blush-100 text-blush-700',
  rejected: 'bg-blush-700 text-white',
};

export function PaymentStateBadge({ state }: { state: LedgerPaymentState }) {
  return <StatusBadge status={state} label={PAYMENT_STATE_LABELS[state]} tone={PAYMENT_TONE[state]} />;
}

/** When the money came: the day the owner recorded, the gateway's completion, or when the attempt began. */
export function PaymentWhen({ payment }: { payment: AdminPayment }) {
  if (payment.receivedOn) {
    return (
      <>
        wpłata z dnia <time dateTime={payment.receivedOn}>{formatMediumDay(payment.receivedOn)}</time>
      </>
    );
  }
  if (payment.state === 'completed' && payment.completedAt) {
    return (
      <>
        opłacono <time dateTime={payment.completedAt}>{formatDateTime(payment.completedAt)}</time>
      </>
    );
  }
  return (
    <>
      rozpoczęto <time dateTime={payment.createdAt}>{formatDateTime(payment.createdAt)}</time>
    </>
  );
}

function RefundWhen({ refund }: { refund: AdminRefund }) {
  if (refund.refundedOn) return <time dateTime={refund.refundedOn}>{formatMediumDay(refund.refundedOn)}</time>;
  const at = refund.completedAt ?? refund.createdAt;
  return <time dateTime={at}>{formatDateTime(at)}</time>;
}

/** 'Zwrot 50,00 zł · w toku' under its payment, with when, how and why. */
export function RefundList({ refunds }: { refunds: readonly AdminRefund[] }) {
  if (refunds.length === 0) return null;
  return (
    <ul className="mt-2 space-y-1 border-l-4 border-blush-200 pl-3 text-sm" aria-label="Zwroty">
      {refunds.map((refund) => (
        <li key={refund.id}>
          <span className={refund.state === 'failed' ? 'font-medium text-blush-700' : 'font-medium'}>
            Zwrot {formatPln(refund.amount)} · {REFUND_STATE_LABELS[refund.state]}
          </span>
          <span className="text-ink-muted">
            {' · '}
            <RefundWhen refund={refund} />
            {refund.manual && ' · poza sklepem'}
            {refund.reason && ` · ${refund.reason}`}
          </span>
        </li>
      ))}
    </ul>
  );
}
