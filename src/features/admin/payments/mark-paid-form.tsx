import { useEffect, useId, useRef, useState } from 'react';
import { formatPln, type Grosz } from '../../../domain/money.ts';
import { MANUAL_PAYMENT_METHODS, MANUAL_PAYMENT_METHOD_LABELS, type ManualPaymentMethod } from '../../../domain/owner-payment-schema.ts';
import { FormField, inputClass } from '../../../lib/form-field.tsx';
import type { AdminOrder } from '../admin-order.ts';
import { amountFieldText, readAmount, readDay } from './amount-text.ts';
import { markPaid } from './payments-api.ts';

const NOTE_MAX_LENGTH = 500;

/** The order's own method when the owner can record it; a transfer otherwise (the usual case). */
function defaultMethod(paymentMethod: string): ManualPaymentMethod {
  if (paymentMethod === 'cash' || paymentMethod === 'cod') return 'cash';
  return 'transfer';
}

interface Errors {
  amount?: string;
  receivedOn?: string;
}

/**
 * 'Oznacz jako opłacone' (issue 35): a transfer, cash or a card-terminal
 * payment that reached the shop, recorded through owner-payments. What was
 * typed stays when the call fails, with the function's own Polish message.
 */
export function MarkPaidForm({
  order,
  due,
  today,
  onSaved,
  onBack,
}: {
  order: AdminOrder;
  due: Grosz;
  /** The shop's today ('YYYY-MM-DD', Europe/Warsaw). */
  today: string;
  onSaved: (message: string) => void;
  onBack: () => void;
}) {
  const id = useId();
  const [method, setMethod] = useState<ManualPaymentMethod>(() => defaultMethod(order.paymentMethod));
  const [amountText, setAmountText] = useState(() => amountFieldText(due));
  const [receivedOn, setReceivedOn] = useState(today);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const first = useRef<HTMLSelectElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = async () => {
    const amount = readAmount(amountText);
    const day = readDay(receivedOn, today, 'Data wpłaty nie może być późniejsza niż dziś.');
    const next: Errors = { amount: 'error' in amount ? amount.error : undefined, receivedOn: 'error' in day ? day.error : undefined };
    setErrors(next);
    setFailure(null);
    if ('error' in amount || 'error' in day) return;
    setSaving(true);
    const result = await markPaid({
      orderId: order.id,
      method,
      amount: amount.amount,
      receivedOn: day.day,
      note: note.trim() || undefined,
    });
    setSaving(false);
    if (result.ok) onSaved(`Zapisano wpłatę ${formatPln(amount.amount)} (${MANUAL_PAYMENT_METHOD_LABELS[method].toLowerCase()}).`);
    else setFailure(result.message);
  };

  const described = (field: keyof Errors, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;

  return (
    <form
      className="mt-3 grid gap-3 rounded-2xl border border-forest-100 bg-cream p-3"
      aria-label="Oznacz jako opłacone"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void submit();
      }}
    >
      <FormField id={`${id}-method`} label="Sposób zapłaty" error={undefined}>
        <select
          ref={first}
          id={`${id}-method`}
          className={`${inputClass} min-h-[3.125rem]`}
          value={method}
          onChange={(event) => setMethod(MANUAL_PAYMENT_METHODS.find((option) => option === event.target.value) ?? 'transfer')}
        >
          {MANUAL_PAYMENT_METHODS.map((option) => (
            <option key={option} value={option}>
              {MANUAL_PAYMENT_METHOD_LABELS[option]}
            </option>
          ))}
        </select>
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id={`${id}-amount`} label="Kwota (zł)" error={errors.amount}>
          <input
            id={`${id}-amount`}
            className={inputClass}
            inputMode="decimal"
            autoComplete="off"
            value={amountText}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={described('amount', `${id}-amount-hint`)}
            onChange={(event) => setAmountText(event.target.value)}
          />
        </FormField>
        <FormField id={`${id}-receivedOn`} label="Data wpłaty" error={errors.receivedOn}>
          <input
            id={`${id}-receivedOn`}
            type="date"
            className={inputClass}
            max={today}
            value={receivedOn}
            aria-invalid={errors.receivedOn ? true : undefined}
            aria-describedby={described('receivedOn')}
            onChange={(event) => setReceivedOn(event.target.value)}
          />
        </FormField>
      </div>
      <p id={`${id}-amount-hint`} className="-mt-1 text-sm text-ink-muted">
        Do zapłaty pozostało {formatPln(due)}.
      </p>
      <FormField id={`${id}-note`} label="Notatka (opcjonalnie)" error={undefined}>
        <textarea
          id={`${id}-note`}
          className={`${inputClass} resize-y`}
          rows={2}
          maxLength={NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </FormField>
      {failure && (
        <p role="alert" className="text-sm font-medium text-blush-700">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary min-h-11 px-4 py-2" disabled={saving}>
          {saving ? 'Zapisywanie...' : 'Zapisz wpłatę'}
        </button>
        <button type="button" className="btn-secondary min-h-11 px-4 py-2" onClick={onBack} disabled={saving}>
          Nie zapisuj
        </button>
      </div>
    </form>
  );
}
