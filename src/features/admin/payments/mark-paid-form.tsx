import { useEffect, useId, useRef, useState } from 'react';
import { formatPln, type Grosz } from '../../../domain/money.ts';
import { MANUAL_PAYMENT_METHODS, MANUAL_PAYMENT_METHOD_LABELS, type ManualPaymentMethod } from '../../../domain/owner-payment-schema.ts';
import { FormField, inputClass } from '../../../lib/form-field.tsx';
import type { AdminOrder } from '../orders/order.ts';
import { formatAmountField } from '../../../domain/amount-input.ts';
import { readAmount, readDay } from './amount-text.ts';
import { AmountField, DayField, MoneyFormFooter, NoteField } from './money-form-fields.tsx';
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
 * 'Oznacz jako opłacone': a transfer, cash or a card-terminal
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
  const [amountText, setAmountText] = useState(() => formatAmountField(due));
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
        <AmountField
          id={`${id}-amount`}
          label="Kwota (zł)"
          value={amountText}
          error={errors.amount}
          hint={`Do zapłaty pozostało ${formatPln(due)}.`}
          onChange={setAmountText}
        />
        <DayField
          id={`${id}-receivedOn`}
          label="Data wpłaty"
          value={receivedOn}
          max={today}
          error={errors.receivedOn}
          onChange={setReceivedOn}
        />
      </div>
      <NoteField id={`${id}-note`} label="Notatka (opcjonalnie)" value={note} maxLength={NOTE_MAX_LENGTH} onChange={setNote} />
      <MoneyFormFooter failure={failure} saving={saving} submitLabel="Zapisz wpłatę" backLabel="Nie zapisuj" onBack={onBack} />
    </form>
  );
}
