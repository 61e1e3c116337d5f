import { useEffect, useId, useRef, useState } from 'react';
import { formatPln, type Grosz } from '../../../domain/money.ts';
import { FormField, inputClass } from '../../../lib/form-field.tsx';
import type { AdminOrder } from '../orders/order.ts';
import { formatAmountField } from '../../../domain/amount-input.ts';
import { readAmount, readDay } from './amount-text.ts';
import { AmountField, DayField, MoneyFormFooter, NoteField } from './money-form-fields.tsx';
import { paidOnline } from './order-money.ts';
import { refundOrder } from './payments-api.ts';

const REASON_MAX_LENGTH = 500;

interface Errors {
  amount?: string;
  refundedOn?: string;
  withdrawal?: string;
}

/**
 * 'Zwróć pieniądze', for a cancelled order or an accepted
 * withdrawal: at most what is still refundable. An order paid online gets
 * its money back through the same gateway; one paid by transfer or cash
 * (or when the owner chooses so) records a refund made outside the shop.
 */
export function RefundForm({
  order,
  refundable,
  today,
  onSaved,
  onBack,
}: {
  order: AdminOrder;
  refundable: Grosz;
  today: string;
  onSaved: (message: string) => void;
  onBack: () => void;
}) {
  const id = useId();
  const online = paidOnline(order);
  // A refund is for a cancelled order, or for a withdrawal the owner accepted (the function refuses anything else).
  const withdrawals =
    order.status === 'cancelled' ? [] : order.withdrawals.filter((item) => item.state === 'accepted' || item.state === 'refunded');
  const [withdrawalId, setWithdrawalId] = useState(withdrawals.length === 1 ? withdrawals[0]!.id : '');
  const [amountText, setAmountText] = useState(() => formatAmountField(refundable));
  const [reason, setReason] = useState('');
  const [outside, setOutside] = useState(!online);
  const [refundedOn, setRefundedOn] = useState(today);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = async () => {
    const amount = readAmount(amountText, {
      amount: refundable,
      message: `Kwota zwrotu nie może przekraczać ${formatPln(refundable)} (zapłacono i jeszcze nie zwrócono).`,
    });
    const day = outside ? readDay(refundedOn, today, 'Data zwrotu nie może być późniejsza niż dziś.') : null;
    const next: Errors = {
      amount: 'error' in amount ? amount.error : undefined,
      refundedOn: day && 'error' in day ? day.error : undefined,
      withdrawal: order.status !== 'cancelled' && !withdrawalId ? 'Wybierz odstąpienie, za które zwracasz pieniądze.' : undefined,
    };
    setErrors(next);
    setFailure(null);
    if ('error' in amount || next.refundedOn || next.withdrawal) return;
    setSaving(true);
    const result = await refundOrder({
      orderId: order.id,
      amount: amount.amount,
      reason: reason.trim() || undefined,
      withdrawalId: withdrawalId || undefined,
      manual: day && 'day' in day ? { refundedOn: day.day } : undefined,
    });
    setSaving(false);
    if (!result.ok) setFailure(result.message);
    else if (result.value.state === 'completed') onSaved(`Zapisano zwrot ${formatPln(amount.amount)}.`);
    else onSaved(`Zlecono zwrot ${formatPln(amount.amount)}. Pieniądze wrócą do klienta przez bramkę płatności.`);
  };

  const described = (field: keyof Errors) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <form
      className="mt-3 grid gap-3 rounded-2xl border border-blush-200 bg-blush-50 p-3"
      aria-label="Zwróć pieniądze"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!saving) void submit();
      }}
    >
      {order.status !== 'cancelled' && (
        <FormField id={`${id}-withdrawal`} label="Za odstąpienie" error={errors.withdrawal}>
          <select
            id={`${id}-withdrawal`}
            className={`${inputClass} min-h-[3.125rem]`}
            value={withdrawalId}
            aria-invalid={errors.withdrawal ? true : undefined}
            aria-describedby={described('withdrawal')}
            onChange={(event) => setWithdrawalId(event.target.value)}
          >
            <option value="">Wybierz odstąpienie</option>
            {withdrawals.map((item) => (
              <option key={item.id} value={item.id}>
                {item.number}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <AmountField
        id={`${id}-amount`}
        label="Kwota zwrotu (zł)"
        value={amountText}
        error={errors.amount}
        hint={`Najwyżej ${formatPln(refundable)}.`}
        onChange={setAmountText}
        inputRef={first}
      />
      <NoteField id={`${id}-reason`} label="Powód zwrotu (opcjonalnie)" value={reason} maxLength={REASON_MAX_LENGTH} onChange={setReason} />
      {online ? (
        <label className="flex min-h-11 items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="size-5 accent-forest-700"
            checked={outside}
            onChange={(event) => setOutside(event.target.checked)}
          />
          Zwrot wykonany poza sklepem (przelewem lub gotówką)
        </label>
      ) : (
        <p className="text-sm">
          <span className="font-semibold">Zwrot wykonany poza sklepem.</span> Zamówienie opłacono przelewem, gotówką lub w terminalu: oddaj
          pieniądze klientowi przelewem lub gotówką, a tutaj zapisz zwrot.
        </p>
      )}
      {outside ? (
        <DayField
          id={`${id}-refundedOn`}
          label="Data zwrotu"
          value={refundedOn}
          max={today}
          error={errors.refundedOn}
          onChange={setRefundedOn}
        />
      ) : (
        <p className="text-sm">Pieniądze wrócą do klienta przez bramkę, którą zapłacił.</p>
      )}
      <MoneyFormFooter
        failure={failure}
        saving={saving}
        submitLabel={outside ? 'Zapisz zwrot' : 'Zwróć pieniądze'}
        backLabel="Nie zwracaj"
        onBack={onBack}
      />
    </form>
  );
}
