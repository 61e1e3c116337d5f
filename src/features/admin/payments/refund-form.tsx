import { useEffect, useId, useRef, useState } from 'react';
import { formatPln, type Grosz } from '../../../domain/money.ts';
import { FormField, inputClass } from '../../../lib/form-field.tsx';
import type { AdminOrder } from '../admin-order.ts';
import { amountFieldText, readAmount, readDay } from './amount-text.ts';
import { paidOnline } from './order-money.ts';
import { refundOrder } from './payments-api.ts';

const REASON_MAX_LENGTH = 500;

interface Errors {
  amount?: string;
  refundedOn?: string;
  withdrawal?: string;
}

/**
 * 'Zwróć pieniądze' (issue 35), for a cancelled order or an accepted
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
  const [amountText, setAmountText] = useState(() => amountFieldText(refundable));
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

  const described = (field: keyof Errors, hint?: string) =>
    [errors[field] ? `${id}-${field}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;

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
      <FormField id={`${id}-amount`} label="Kwota zwrotu (zł)" error={errors.amount}>
        <input
          ref={first}
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
      <p id={`${id}-amount-hint`} className="-mt-1 text-sm text-ink-muted">
        Najwyżej {formatPln(refundable)}.
      </p>
      <FormField id={`${id}-reason`} label="Powód zwrotu (opcjonalnie)" error={undefined}>
        <textarea
          id={`${id}-reason`}
          className={`${inputClass} resize-y`}
          rows={2}
          maxLength={REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </FormField>
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
        <FormField id={`${id}-refundedOn`} label="Data zwrotu" error={errors.refundedOn}>
          <input
            id={`${id}-refundedOn`}
            type="date"
            className={inputClass}
            max={today}
            value={refundedOn}
            aria-invalid={errors.refundedOn ? true : undefined}
            aria-describedby={described('refundedOn')}
            onChange={(event) => setRefundedOn(event.target.value)}
          />
        </FormField>
      ) : (
        <p className="text-sm">Pieniądze wrócą do klienta przez bramkę, którą zapłacił.</p>
      )}
      {failure && (
        <p role="alert" className="text-sm font-medium text-blush-700">
          {failure}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary min-h-11 px-4 py-2" disabled={saving}>
          {saving ? 'Zapisywanie...' : outside ? 'Zapisz zwrot' : 'Zwróć pieniądze'}
        </button>
        <button type="button" className="btn-secondary min-h-11 px-4 py-2" onClick={onBack} disabled={saving}>
          Nie zwracaj
        </button>
      </div>
    </form>
  );
}
