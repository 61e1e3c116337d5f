import { useId, useState } from 'react';
import {
  FULFILMENT_STATES,
  FULFILMENT_STATE_LABELS,
  fulfilmentCanChange,
  nextFulfilmentStates,
  type FulfilmentState,
} from '../../../domain/florist-order.ts';
import { useAdminData, type FulfilmentChangeOutcome, type StatusChangeOutcome } from '../orders/orders-data.tsx';
import type { AdminOrder } from '../orders/order.ts';
import { StatusBadge, selectClass } from '../admin-ui.tsx';
import { ChangeOutcomeNote } from '../orders/change-outcome-note.tsx';
import { dueOf } from '../payments/order-money.ts';
import { UnpaidDeliveryDialog } from '../payments/unpaid-delivery-dialog.tsx';
import { DeliveryPhotoQuestion, promisesPhoto } from '../order-photos/lazy-order-photos.tsx';

const TONE: Record<FulfilmentState, string> = {
  'to-do': 'bg-cream-200 text-ink',
  ready: 'bg-forest-50 text-forest-800',
  'out-for-delivery': 'bg-[#e7eefb] text-[#1f3a6b]',
  delivered: 'bg-forest-700 text-white',
  'failed-attempt': 'bg-blush-100 text-blush-700',
};

export function FulfilmentBadge({ state }: { state: FulfilmentState }) {
  return <StatusBadge status={state} label={FULFILMENT_STATE_LABELS[state]} tone={TONE[state]} />;
}

const FEEDBACK: Record<StatusChangeOutcome, (state: FulfilmentState) => { text: string; alert: boolean }> = {
  updated: (state) => ({ text: `Stan realizacji: „${FULFILMENT_STATE_LABELS[state]}”.`, alert: false }),
  queued: () => ({ text: 'Jesteś offline. Zmiana zostanie wysłana, gdy wrócisz online', alert: false }),
  conflict: () => ({
    text: 'Stan realizacji tego zamówienia zmienił się w międzyczasie (np. na innym urządzeniu). Sprawdź go i spróbuj ponownie.',
    alert: true,
  }),
  failed: () => ({ text: 'Nie udało się zmienić stanu realizacji', alert: true }),
};

/**
 * The fulfilment state of one order: the next steps as buttons (the usual
 * move is one tap) and every state in a select (a mis-tap is corrected).
 * Offline the change is queued like a status change. A cancelled order
 * offers no step: its state is shown, not changed.
 */
export function FulfilmentControl({ order, compact = false }: { order: AdminOrder; compact?: boolean }) {
  const { changeFulfilment, pendingChanges } = useAdminData();
  const selectId = useId();
  const [saving, setSaving] = useState(false);
  const [feedback, setFeedback] = useState<{ outcome: FulfilmentChangeOutcome; state: FulfilmentState } | null>(null);
  const state = order.florist.fulfilmentState;
  const waiting = pendingChanges.some((change) => change.orderId === order.id && change.field === 'fulfilment_state');

  const [confirming, setConfirming] = useState<FulfilmentState | null>(null);
  const [askingPhoto, setAskingPhoto] = useState(false);
  const due = dueOf(order);

  const change = async (to: FulfilmentState, confirmed = false, photoSettled = false) => {
    if (to === state) return;
    // Handing over an unpaid order is asked about first; the change itself waits for the answer.
    if (to === 'delivered' && due > 0 && !confirmed) {
      setConfirming(to);
      return;
    }
    setConfirming(null);
    // The photo the customer paid for is asked for next: taken, or skipped with a reason.
    if (to === 'delivered' && promisesPhoto(order) && !photoSettled) {
      setAskingPhoto(true);
      return;
    }
    setAskingPhoto(false);
    setSaving(true);
    setFeedback(null);
    const outcome = await changeFulfilment(order, to);
    setSaving(false);
    setFeedback({ outcome, state: to });
  };
  // A cancelled order's refusal is said above the page (SyncNotices), where it stays after the list is read again.
  const message = feedback && feedback.outcome !== 'order-cancelled' ? FEEDBACK[feedback.outcome](feedback.state) : null;

  return (
    <div className={compact ? '' : 'rounded-2xl bg-white p-4'}>
      {fulfilmentCanChange(order.status) ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="min-w-40 flex-1">
            <label htmlFor={selectId} className="mb-1 block text-sm font-medium text-forest-900">
              Stan realizacji<span className="sr-only"> zamówienia {order.number}</span>
            </label>
            <select
              id={selectId}
              className={selectClass}
              value={confirming ?? (askingPhoto ? 'delivered' : state)}
              disabled={saving}
              onChange={(event) => void change(event.target.value as FulfilmentState)}
            >
              {FULFILMENT_STATES.map((option) => (
                <option key={option} value={option}>
                  {FULFILMENT_STATE_LABELS[option]}
                </option>
              ))}
            </select>
          </div>
          {nextFulfilmentStates(state).map((next) => (
            <button
              key={next}
              type="button"
              className={next === 'failed-attempt' ? 'btn-secondary min-h-11 py-2' : 'btn-primary min-h-11 py-2'}
              disabled={saving}
              onClick={() => void change(next)}
            >
              {FULFILMENT_STATE_LABELS[next]}
              <span className="sr-only"> – zamówienie {order.number}</span>
            </button>
          ))}
        </div>
      ) : (
        <div>
          <p className="mb-1 text-sm font-medium text-forest-900">Stan realizacji</p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-ink">
            <FulfilmentBadge state={state} />
            Zamówienie jest anulowane, więc jego stanu realizacji nie można zmienić.
          </p>
        </div>
      )}
      <ChangeOutcomeNote waiting={waiting} message={message} />
      {confirming && (
        <UnpaidDeliveryDialog
          orderNumber={order.number}
          due={due}
          onConfirm={() => void change(confirming, true)}
          onCancel={() => setConfirming(null)}
        />
      )}
      {askingPhoto && (
        <DeliveryPhotoQuestion
          order={order}
          onDelivered={() => void change('delivered', true, true)}
          onCancel={() => setAskingPhoto(false)}
        />
      )}
    </div>
  );
}
