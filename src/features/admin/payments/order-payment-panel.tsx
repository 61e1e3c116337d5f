import { useRef, useState } from 'react';
import { formatPln } from '../../../domain/money.ts';
import { useAdminData } from '../orders/orders-data.tsx';
import type { AdminOrder } from '../orders/order.ts';
import { PaymentStateBadge, PaymentWhen, RefundList } from './ledger-entries.tsx';
import { MarkPaidForm } from './mark-paid-form.tsx';
import { PROVIDER_LABELS, awaitingPaymentLabel, dueOf, paymentMethodLabel, paymentSummary, refundableOf } from './order-money.ts';
import { RefundForm } from './refund-form.tsx';

type Open = 'none' | 'mark-paid' | 'refund';

/**
 * The order's money in its detail: the ledger's truth — paid,
 * unpaid, partly paid, refunded — what is still due, every payment with
 * its refunds, and the owner's two actions on it.
 */
export function OrderPaymentPanel({ order, className = '' }: { order: AdminOrder; className?: string }) {
  const { today, refresh, load, transferPaymentDays } = useAdminData();
  const awaiting = awaitingPaymentLabel(order, transferPaymentDays);
  const [open, setOpen] = useState<Open>('none');
  const [saved, setSaved] = useState<string | null>(null);
  // The form the focus was in goes away on success: the focus moves to the section it changed.
  const heading = useRef<HTMLHeadingElement>(null);
  const due = dueOf(order);
  const refundable = refundableOf(order);
  // The function refunds a cancelled order or an accepted withdrawal only.
  const canRefund =
    refundable > 0 &&
    (order.status === 'cancelled' || order.withdrawals.some((item) => item.state === 'accepted' || item.state === 'refunded'));
  const fromCopy = load.status === 'loaded' && load.savedAt !== undefined;

  const close = () => {
    setOpen('none');
    heading.current?.focus();
  };

  const onSaved = (message: string) => {
    setOpen('none');
    setSaved(message);
    heading.current?.focus();
    void refresh();
  };

  return (
    <section className={`rounded-2xl bg-white p-4 text-sm ${className}`} aria-labelledby={`payment-${order.id}`}>
      <h3 ref={heading} tabIndex={-1} id={`payment-${order.id}`} className="mb-1 font-semibold text-forest-900">
        Płatność
      </h3>
      <p>{paymentMethodLabel(order.paymentMethod)}</p>
      <p>
        Status płatności: <span className="font-medium">{paymentSummary(order)}</span>
      </p>
      {awaiting && <p className="mt-1 font-medium">{awaiting}; potem zamówienie zostanie anulowane.</p>}
      {due > 0 && (
        <p className="mt-1 text-base font-semibold text-blush-700">
          Do zapłaty {order.deliveryMethod === 'store' ? 'przy odbiorze' : 'przy dostawie'}: {formatPln(due)}
        </p>
      )}
      {order.status === 'cancelled' && refundable > 0 && (
        <p className="mt-1 font-medium text-blush-700">
          Zamówienie jest anulowane, a klient zapłacił. Do zwrotu pozostało {formatPln(refundable)}.
        </p>
      )}

      {order.payments.length === 0 ? (
        <p className="mt-2 text-ink-muted">Brak zapisanych płatności.</p>
      ) : (
        <ul className="mt-2 divide-y divide-forest-100" aria-label="Płatności zamówienia">
          {[...order.payments].reverse().map((payment) => (
            <li key={payment.id} className="py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <span className="font-medium">{formatPln(payment.amount)}</span> · {paymentMethodLabel(payment.method)} ·{' '}
                  {PROVIDER_LABELS[payment.provider]}
                </span>
                <PaymentStateBadge state={payment.state} />
              </div>
              <p className="text-ink-muted">
                <PaymentWhen payment={payment} />
                {payment.note && ` · ${payment.note}`}
              </p>
              <RefundList refunds={payment.refunds} />
            </li>
          ))}
        </ul>
      )}

      <div role="status" aria-live="polite">
        {saved && <p className="mt-2 font-medium text-forest-800">{saved}</p>}
      </div>

      {open === 'none' && (due > 0 || canRefund) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {due > 0 && (
            <button
              type="button"
              className="btn-primary min-h-11 px-4 py-2"
              disabled={fromCopy}
              onClick={() => {
                setSaved(null);
                setOpen('mark-paid');
              }}
            >
              Oznacz jako opłacone
            </button>
          )}
          {canRefund && (
            <button
              type="button"
              className="btn-secondary min-h-11 px-4 py-2"
              disabled={fromCopy}
              onClick={() => {
                setSaved(null);
                setOpen('refund');
              }}
            >
              Zwróć pieniądze
            </button>
          )}
        </div>
      )}
      {open === 'none' && fromCopy && (due > 0 || canRefund) && (
        <p className="mt-2 text-ink-muted">Płatności zapiszesz, gdy połączenie z serwerem wróci.</p>
      )}
      {open === 'mark-paid' && <MarkPaidForm order={order} due={due} today={today} onSaved={onSaved} onBack={close} />}
      {open === 'refund' && <RefundForm order={order} refundable={refundable} today={today} onSaved={onSaved} onBack={close} />}
    </section>
  );
}
