import { useEffect, useId, useRef, useState } from 'react';
import { FormField, inputClass } from '../../../lib/form-field.tsx';

/** The column's limit (migration 20261125000050_cancel_reason.sql). */
export const CANCEL_REASON_MAX_LENGTH = 500;

/**
 * Asked before an order is cancelled: the reason is optional and
 * goes to the customer in the 'Anulowane' mail, so the owner sees that
 * before confirming. Nothing changes until 'Anuluj zamówienie'.
 */
export function CancelOrderForm({ onConfirm, onBack }: { onConfirm: (reason: string) => void; onBack: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);

  return (
    <form
      className="mt-3 rounded-2xl border border-blush-200 bg-blush-50 p-3"
      aria-label="Anulowanie zamówienia"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(reason.trim());
      }}
    >
      <FormField id={id} label="Powód anulowania (opcjonalnie)" error={undefined}>
        <textarea
          ref={field}
          id={id}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={CANCEL_REASON_MAX_LENGTH}
          rows={3}
          aria-describedby={`${id}-hint`}
          className={`${inputClass} resize-y`}
        />
      </FormField>
      <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
        Klient przeczyta go w e-mailu o anulowaniu zamówienia.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="submit" className="btn-primary min-h-11 px-4 py-2">
          Anuluj zamówienie
        </button>
        <button type="button" className="btn-secondary min-h-11 px-4 py-2" onClick={onBack}>
          Nie anuluj
        </button>
      </div>
    </form>
  );
}
