import { useEffect, useRef, useState, type ComponentType, type FormEvent } from 'react';
import type { CheckoutFormValues } from '../../domain/checkout-schema.ts';
import type { DeliveryMethod } from '../../domain/delivery.ts';
import { bookingKind } from '../../domain/florist-order.ts';
import { checkOrderTerm, slotErrorsOf, toOrderTerm, toSlotChoice, type OrderTerm, type SlotChoice, type SlotErrors } from './order-term.ts';

/**
 * What the account needs of a delivery date and window (or pickup hour)
 * picker. The delivery feature owns the picker; a feature may not import another, so
 * the route hands it in.
 */
export interface SlotPickerProps {
  method: DeliveryMethod;
  date: string;
  window: string;
  pickupTime: string;
  onChange: (choice: SlotChoice) => void;
  errors?: SlotErrors;
  /** Prefix of the picker's element ids: several orders may show one at once. */
  idPrefix?: string;
}

interface RescheduleFormProps {
  id: string;
  order: {
    number: string;
    deliveryMethod: DeliveryMethod;
    checkout: CheckoutFormValues;
    slotRefusal: { fields: Record<string, string> } | null;
  };
  SlotPicker: ComponentType<SlotPickerProps>;
  /** Resolves to an error message, or null once the order waits to be sent with the new term. */
  onReschedule: (term: OrderTerm) => Promise<string | null>;
  onClose: () => void;
}

/** 'Wybierz inny termin': the picker starting from the refused term, checked by the checkout's rules before the order is sent again. */
export function RescheduleForm({ id, order, SlotPicker, onReschedule, onClose }: RescheduleFormProps) {
  const [choice, setChoice] = useState<SlotChoice>(() => toSlotChoice(order.checkout));
  // The server's messages by field name the refused date or window until the customer changes it.
  const [errors, setErrors] = useState<SlotErrors>(() => slotErrorsOf(order.slotRefusal?.fields ?? {}));
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const headingId = `${id}-title`;

  useEffect(() => heading.current?.focus(), []);

  async function confirm(event: FormEvent) {
    event.preventDefault();
    const term = toOrderTerm(choice);
    const found = checkOrderTerm(order.checkout, term);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    // On success the order is queued again and the card closes this form.
    const message = await onReschedule(term);
    setSaving(false);
    setFailure(message);
  }

  return (
    <form
      ref={form}
      id={id}
      aria-labelledby={headingId}
      noValidate
      className="mt-4 rounded-2xl border border-forest-100 bg-cream p-4"
      onSubmit={(event) => void confirm(event)}
    >
      <h4 ref={heading} id={headingId} tabIndex={-1} className="font-semibold text-forest-900">
        {bookingKind(order.deliveryMethod) === 'pickup' ? 'Nowy termin odbioru' : 'Nowy termin dostawy'}
      </h4>
      <p className="mt-1 text-sm text-ink-muted">
        Wyślemy zamówienie {order.number} ponownie z nowym terminem. Reszta zamówienia się nie zmienia.
      </p>
      <div className="mt-3">
        <SlotPicker
          method={order.deliveryMethod}
          date={choice.date}
          window={choice.window}
          pickupTime={choice.pickupTime}
          errors={errors}
          idPrefix={`${id}-slot`}
          onChange={(next) => {
            setChoice(next);
            setErrors({});
          }}
        />
      </div>
      {failure && (
        <p role="alert" className="mt-3 text-sm font-medium text-blush-700">
          {failure}
        </p>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" className="btn-primary" disabled={saving}>
          {saving ? 'Wysyłanie...' : 'Wyślij z nowym terminem'}
        </button>
        <button type="button" className="btn-secondary" onClick={onClose}>
          Wróć
        </button>
      </div>
    </form>
  );
}
