import { useId, useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { DELIVERY_METHOD_LABELS } from '../../../domain/delivery.ts';
import { formatDestinationAddress } from '../../../domain/delivery-address.ts';
import { formatPln, multiplyMoney } from '../../../domain/money.ts';
import { ORDER_STATUSES, ORDER_STATUS_LABELS, isOrderStatus, orderStatusLabel } from '../../../domain/order-status.ts';
import { CloseIcon } from '../../../lib/icons/first-load.tsx';
import type { AdminOrder } from './order.ts';
import { useAdminData, type StatusChangeOutcome } from './orders-data.tsx';
import { StatusBadge, contactLinkClass, formatDateTime, selectClass } from '../admin-ui.tsx';
import { isFuneral } from './delivery-schedule.ts';
import { FloristDetailsList, FuneralBadge } from '../fulfilment/florist-details.tsx';
import { FulfilmentControl } from '../fulfilment/fulfilment-control.tsx';
import { PrintSheet } from '../fulfilment/print-sheet.tsx';
import { printPage } from '../fulfilment/use-print.ts';
import { ChangeOutcomeNote } from './change-outcome-note.tsx';
import { OrderMails } from './order-mails.tsx';
import { RevokeOrderLinks } from './revoke-order-links.tsx';
import { CancelOrderForm } from './cancel-order-form.tsx';
import { OrderInvoiceSection } from './order-invoice.tsx';
import { OrderPaymentPanel } from '../payments/order-payment-panel.tsx';
import { OrderPhotos } from '../order-photos/lazy-order-photos.tsx';

const label = (labels: Record<string, string>, value: string) => labels[value] ?? value;

type Feedback = { outcome: StatusChangeOutcome; status: string } | null;

const FEEDBACK: Record<StatusChangeOutcome, (status: string) => { text: string; alert: boolean }> = {
  updated: (status) => ({ text: `Status zmieniony na „${orderStatusLabel(status)}”.`, alert: false }),
  queued: () => ({ text: 'Jesteś offline. Zmiana zostanie wysłana, gdy wrócisz online', alert: false }),
  conflict: () => ({
    text: 'Status tego zamówienia zmienił się w międzyczasie (np. na innym urządzeniu). Sprawdź aktualny status i spróbuj ponownie.',
    alert: true,
  }),
  failed: () => ({ text: 'Nie udało się zaktualizować statusu zamówienia', alert: true }),
};

/**
 * The order's detail (docs/spec.md §2 'Zamówienia'): customer, delivery, items, payment, tracking, and the status change;
 * for a florist order its delivery details, fulfilment state and the printed ticket.
 */
export function OrderDetailDialog({ order, onClose }: { order: AdminOrder; onClose: () => void }) {
  const { changeStatus, queued } = useAdminData();
  const florist = order.florist.deliveryDate !== null || order.florist.occasion !== null;
  const [saving, setSaving] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const selectId = useId();
  const waiting = queued.some((change) => change.orderId === order.id);

  const onStatus = async (value: string, reason?: string) => {
    if (!isOrderStatus(value) || value === order.status) return;
    setConfirmingCancel(false);
    setSaving(true);
    setFeedback(null);
    const outcome = await changeStatus(order, value, reason);
    setSaving(false);
    setFeedback({ outcome, status: value });
  };

  const message = feedback ? FEEDBACK[feedback.outcome](feedback.status) : null;

  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-forest-900/40" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center sm:items-center sm:p-4">
          <DialogPanel className="w-full max-w-2xl rounded-t-3xl bg-cream p-4 shadow-header sm:rounded-3xl sm:p-6">
            <div className="flex items-start justify-between gap-3">
              <div>
                <DialogTitle className="text-xl font-bold text-forest-900 sm:text-2xl">Zamówienie {order.number}</DialogTitle>
                <p className="mt-1 text-sm text-ink-muted">
                  <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                </p>
                {isFuneral(order) && (
                  <p className="mt-2">
                    <FuneralBadge />
                  </p>
                )}
              </div>
              <button type="button" className="btn-secondary ml-auto min-h-11 px-4 py-2" onClick={printPage}>
                Drukuj<span className="sr-only"> bilet zamówienia {order.number}</span>
              </button>
              <button
                type="button"
                onClick={onClose}
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-full hover:bg-forest-50"
                aria-label="Zamknij"
              >
                <CloseIcon />
              </button>
            </div>

            <div className="mt-4 rounded-2xl bg-white p-4">
              <div className="flex flex-wrap items-end gap-3">
                <div className="min-w-48 flex-1">
                  <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-forest-900">
                    Status zamówienia
                  </label>
                  <select
                    id={selectId}
                    className={selectClass}
                    value={confirmingCancel ? 'cancelled' : order.status}
                    disabled={saving}
                    onChange={(event) => {
                      // Cancelling asks for the reason the customer's mail will carry first.
                      if (event.target.value === 'cancelled') setConfirmingCancel(true);
                      else void onStatus(event.target.value);
                    }}
                  >
                    {!isOrderStatus(order.status) && <option value={order.status}>{order.status}</option>}
                    {ORDER_STATUSES.map((status) => (
                      <option key={status} value={status} disabled={status === order.status}>
                        {ORDER_STATUS_LABELS[status]}
                      </option>
                    ))}
                  </select>
                </div>
                <StatusBadge status={order.status} />
              </div>
              {confirmingCancel && (
                <CancelOrderForm onConfirm={(reason) => void onStatus('cancelled', reason)} onBack={() => setConfirmingCancel(false)} />
              )}
              {order.status === 'cancelled' && order.cancelReason && (
                <p className="mt-2 text-sm text-ink">
                  Powód anulowania: <span className="whitespace-pre-line">{order.cancelReason}</span>
                </p>
              )}
              {saving && <p className="mt-2 text-sm text-ink-muted">Zapisywanie...</p>}
              <ChangeOutcomeNote waiting={waiting} message={message} />
            </div>

            <OrderPaymentPanel order={order} className="mt-4" />

            <div className="mt-4">
              <OrderPhotos order={order} />
            </div>

            {florist && (
              <>
                <div className="mt-4">
                  <FulfilmentControl order={order} />
                </div>
                <Section title="Realizacja" className="mt-4">
                  <FloristDetailsList order={order} />
                </Section>
              </>
            )}

            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              <Section title="Klient">
                <p className="font-medium">{order.customerName}</p>
                <p>
                  <a className={contactLinkClass} href={`mailto:${order.customerEmail}`}>
                    {order.customerEmail}
                  </a>
                </p>
                <p>
                  <a className={contactLinkClass} href={`tel:${order.customerPhone.replace(/[^\d+]/g, '')}`}>
                    {order.customerPhone}
                  </a>
                </p>
              </Section>
              <Section title="Dostawa">
                <p>{label(DELIVERY_METHOD_LABELS, order.deliveryMethod)}</p>
                <p className="text-ink-muted">
                  {order.deliveryAddress ? formatDestinationAddress(order.deliveryAddress) : 'Odbiór osobisty – bez adresu'}
                </p>
              </Section>
              <Section title="Przesyłka">
                <p>
                  Numer przesyłki: <span className="font-medium">{order.trackingNumber ?? 'brak'}</span>
                </p>
                <p>
                  Śledzenie:{' '}
                  {order.trackingUrl ? (
                    <a className="break-all text-forest-800 underline" href={order.trackingUrl} target="_blank" rel="noreferrer">
                      {order.trackingUrl}
                    </a>
                  ) : (
                    'brak'
                  )}
                </p>
              </Section>
              {order.invoice && (
                <OrderInvoiceSection
                  invoice={order.invoice}
                  orderId={order.id}
                  orderNumber={order.number}
                  paymentMethod={order.paymentMethod}
                  paidInFull={order.amountPaid > 0 && order.amountPaid >= order.total}
                  className="sm:col-span-2"
                />
              )}
            </div>

            <Section title="Produkty" className="mt-4">
              {order.items.length === 0 ? (
                <p className="text-ink-muted">Brak produktów w zamówieniu</p>
              ) : (
                <ul className="divide-y divide-forest-100">
                  {order.items.map((item) => (
                    <li key={item.id} className="flex justify-between gap-3 py-2">
                      <span>
                        {item.name} <span className="text-ink-muted">× {item.quantity}</span>
                      </span>
                      <span className="font-medium whitespace-nowrap">{formatPln(multiplyMoney(item.price, item.quantity))}</span>
                    </li>
                  ))}
                </ul>
              )}
              <dl className="mt-2 space-y-1 border-t border-forest-100 pt-2 text-sm">
                <div className="flex justify-between">
                  <dt className="text-ink-muted">Produkty</dt>
                  <dd>{formatPln(order.subtotal)}</dd>
                </div>
                <div className="flex justify-between">
                  <dt className="text-ink-muted">Dostawa</dt>
                  <dd>{formatPln(order.shippingCost)}</dd>
                </div>
                {order.florist.servicesCost > 0 && (
                  <div className="flex justify-between">
                    <dt className="text-ink-muted">Usługi</dt>
                    <dd>{formatPln(order.florist.servicesCost)}</dd>
                  </div>
                )}
                {order.discount > 0 && (
                  <div className="flex justify-between gap-3">
                    <dt className="text-ink-muted">Rabat{order.discountReason && ` (${order.discountReason})`}</dt>
                    <dd className="whitespace-nowrap">−{formatPln(order.discount)}</dd>
                  </div>
                )}
                <div className="flex justify-between text-base font-semibold">
                  <dt>Razem</dt>
                  <dd>{formatPln(order.total)}</dd>
                </div>
              </dl>
            </Section>

            <Section title="Wiadomości e-mail" className="mt-4">
              <OrderMails mails={order.mails} />
            </Section>

            <Section title="Linki do zamówienia" className="mt-4">
              <RevokeOrderLinks orderId={order.id} />
            </Section>
          </DialogPanel>
        </div>
      </div>
      <PrintSheet orders={[order]} />
    </Dialog>
  );
}

function Section({ title, children, className = '' }: { title: string; children: React.ReactNode; className?: string }) {
  return (
    <section className={`rounded-2xl bg-white p-4 text-sm ${className}`}>
      <h3 className="mb-1 font-semibold text-forest-900">{title}</h3>
      {children}
    </section>
  );
}
